/// A change the sync engine still has to send (CKSyncEngine.PendingRecordZoneChange).
public enum PendingRecordZoneChange: Hashable, Sendable, Codable {
    case saveRecord(String)
    case deleteRecord(String)

    /// The record the change is about.
    public var recordID: String {
        switch self {
        case let .saveRecord(id), let .deleteRecord(id): return id
        }
    }
}
