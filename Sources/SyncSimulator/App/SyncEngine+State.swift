extension SyncEngine {
    /// What the engine keeps between launches: the changes still to send, the change token, and the records it has
    /// delivered (CKSyncEngine.State).
    public final class State {
        /// The changes still to send, in the order they were added.
        public private(set) var pendingRecordZoneChanges: [PendingRecordZoneChange]
        /// Where the next fetch goes on from; nil fetches everything from scratch.
        var changeToken: ServerChangeToken?
        /// The records the engine has delivered or saved and not seen deleted, with their types: after a fetch from
        /// scratch, those it no longer finds are reported deleted.
        var knownRecords: [String: String]
        /// Called after every change of the state; `sendSoon` when changes were added.
        var changed: (_ sendSoon: Bool) -> Void = { _ in }

        init(_ serialization: Serialization?) {
            pendingRecordZoneChanges = serialization?.pendingRecordZoneChanges ?? []
            changeToken = serialization?.changeToken
            knownRecords = Dictionary(uniqueKeysWithValues: (serialization?.knownRecords ?? []).map { ($0.recordID, $0.recordType) })
        }

        /// Adds changes to send, each once; the engine sends them soon.
        public func add(pendingRecordZoneChanges changes: [PendingRecordZoneChange]) {
            var pending = Set(pendingRecordZoneChanges)
            pendingRecordZoneChanges += changes.filter { pending.insert($0).inserted }
            added.formUnion(changes)
            changed(true)
        }

        /// Removes changes that no longer need sending.
        public func remove(pendingRecordZoneChanges changes: [PendingRecordZoneChange]) {
            let gone = Set(changes)
            pendingRecordZoneChanges.removeAll { gone.contains($0) }
            changed(false)
        }

        /// Changes added since the engine last took note (a change added again while its send was in flight stays
        /// pending when that send succeeds).
        var added = Set<PendingRecordZoneChange>()

        /// The state as the app persists it.
        var serialization: Serialization {
            Serialization(pendingRecordZoneChanges: pendingRecordZoneChanges, changeToken: changeToken,
                          knownRecords: knownRecords.keys.sorted().map { Serialization.Known(recordID: $0, recordType: knownRecords[$0]!) })
        }

        /// The engine's state as an app saves it and restores it on launch (CKSyncEngine.State.Serialization).
        public struct Serialization: Hashable, Sendable, Codable {
            var pendingRecordZoneChanges: [PendingRecordZoneChange]
            var changeToken: ServerChangeToken?
            var knownRecords: [Known]

            /// A record the engine knows the server has.
            struct Known: Hashable, Sendable, Codable {
                var recordID: String
                var recordType: String
            }
        }
    }
}
