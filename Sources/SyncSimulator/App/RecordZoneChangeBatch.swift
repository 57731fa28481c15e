extension SyncEngine {
    /// The records to save and ids to delete in one request (CKSyncEngine.RecordZoneChangeBatch).
    public struct RecordZoneChangeBatch {
        /// The records to save, each with the change tag it is based on.
        public var recordsToSave: [SimRecord]
        /// The ids of the records to delete.
        public var recordIDsToDelete: [String]
        /// All or none (the server's `atomicBatches` makes every batch atomic).
        public var atomicByZone: Bool

        /// A batch of these saves and deletes.
        public init(recordsToSave: [SimRecord], recordIDsToDelete: [String], atomicByZone: Bool = false) {
            self.recordsToSave = recordsToSave
            self.recordIDsToDelete = recordIDsToDelete
            self.atomicByZone = atomicByZone
        }

        /// A batch of `pendingChanges`, each save's record from `recordProvider`. A save it has no record for is
        /// skipped and stays pending, as with CKSyncEngine: remove it from the state yourself. Nil when nothing is
        /// left to send.
        public init?(pendingChanges: [PendingRecordZoneChange], recordProvider: (String) -> SimRecord?) {
            self.init(recordsToSave: [], recordIDsToDelete: [])
            for change in pendingChanges {
                switch change {
                case let .saveRecord(id):
                    if let record = recordProvider(id) { recordsToSave.append(record) }
                case let .deleteRecord(id):
                    recordIDsToDelete.append(id)
                }
            }
            if recordsToSave.isEmpty && recordIDsToDelete.isEmpty { return nil }
        }

        /// The pending changes the batch sends, saves first.
        var changes: [PendingRecordZoneChange] {
            recordsToSave.map { .saveRecord($0.recordID) } + recordIDsToDelete.map { .deleteRecord($0) }
        }
    }
}
