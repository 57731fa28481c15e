extension SyncEngine {
    /// What the engine tells its delegate (CKSyncEngine.Event), as CKSyncEngine names it.
    public enum Event {
        /// The engine's state changed: persist `stateSerialization` and pass it back on the next launch.
        case stateUpdate(StateUpdate)
        /// A page of changes fetched from the server.
        case fetchedRecordZoneChanges(FetchedRecordZoneChanges)
        /// The outcome of one batch sent: saved and deleted records, and failures.
        case sentRecordZoneChanges(SentRecordZoneChanges)
        case willFetchChanges
        case didFetchChanges
        case willSendChanges(SendChangesContext)
        case didSendChanges(SendChangesContext)
    }

    /// A state to persist.
    public struct StateUpdate {
        /// The state to save.
        public var stateSerialization: State.Serialization
    }

    /// Records changed and deleted on the server, one page of a fetch.
    public struct FetchedRecordZoneChanges {
        /// Records changed or created on the server.
        public var modifications: [Modification]
        /// Records deleted on the server.
        public var deletions: [Deletion]

        /// A page of changes, to hand a delegate in a unit test.
        public init(modifications: [Modification], deletions: [Deletion]) {
            self.modifications = modifications
            self.deletions = deletions
        }
    }

    /// A record fetched as the server has it now.
    public struct Modification {
        /// The record with its change tag.
        public var record: SimRecord

        /// A fetched record.
        public init(record: SimRecord) { self.record = record }
    }

    /// A record deleted on the server.
    public struct Deletion: Hashable, Sendable {
        /// The deleted record.
        public var recordID: String
        /// Its type.
        public var recordType: String

        /// A deletion of `recordID`.
        public init(recordID: String, recordType: String) {
            self.recordID = recordID
            self.recordType = recordType
        }
    }

    /// The outcome of a batch (iterate `failedRecordDeletes` by sorted id: a dictionary's order differs between
    /// processes, and a run must not). A failed save or delete is no longer pending: resolve it and add it again. Changes
    /// that failed for a reason worth retrying (the network, the server's load) stay pending and are not listed here.
    public struct SentRecordZoneChanges {
        /// The saved records, as the server now has them (keep their change tags).
        public var savedRecords: [SimRecord] = []
        /// Saves the server refused, no longer pending.
        public var failedRecordSaves: [FailedRecordSave] = []
        /// Records deleted on the server.
        public var deletedRecordIDs: [String] = []
        /// Deletes the server refused, no longer pending.
        public var failedRecordDeletes: [String: SyncError] = [:]

        /// A batch's outcome, to hand a delegate in a unit test.
        public init(savedRecords: [SimRecord] = [], failedRecordSaves: [FailedRecordSave] = [],
                    deletedRecordIDs: [String] = [], failedRecordDeletes: [String: SyncError] = [:]) {
            self.savedRecords = savedRecords
            self.failedRecordSaves = failedRecordSaves
            self.deletedRecordIDs = deletedRecordIDs
            self.failedRecordDeletes = failedRecordDeletes
        }
    }

    /// A save the server refused, with the record sent and why (for `serverRecordChanged`, the server's record).
    public struct FailedRecordSave {
        /// The record the app tried to save.
        public var record: SimRecord
        /// Why the server refused it.
        public var error: SyncError

        /// A refused save of `record`.
        public init(record: SimRecord, error: SyncError) {
            self.record = record
            self.error = error
        }
    }

    /// Why and what the engine is sending.
    public struct SendChangesContext {
        /// What started the sync.
        public var reason: SyncReason
        /// Which pending changes the send covers.
        public var options: SendChangesOptions
    }

    /// Which pending changes a batch may take.
    public struct SendChangesOptions {
        /// The pending changes a batch may take.
        public var scope: ChangeScope
    }

    /// The pending changes a send covers: every pending change not yet tried in this send.
    public struct ChangeScope {
        let tried: Set<PendingRecordZoneChange>

        /// Whether a batch of this send may take `change`.
        public func contains(_ change: PendingRecordZoneChange) -> Bool { !tried.contains(change) }
    }

    /// Why a sync started: by itself, or because the app called `sendChanges()` or `fetchChanges()`.
    public enum SyncReason: Hashable, Sendable {
        case scheduled, manual
    }
}
