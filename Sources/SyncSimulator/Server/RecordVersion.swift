/// One version of a record as the server stores and sends it: live fields or a tombstone, with its change tag.
struct RecordVersion: Sendable {
    var id: String
    var type: String
    /// The fields; empty for a tombstone.
    var fields: Fields
    var deleted: Bool
    /// Changes on every save; a save naming a stale tag meets `serverRecordChanged`.
    var changeTag: Int
    /// The conflict timestamp (microseconds) the strategy compares, taken when the user acted.
    var timestamp: Int64
    /// When each field was last written, by the same clock (field-merge's per-field `lww`); unset fields keep theirs.
    var fieldTimes: [String: Int64]
    /// Ground truth, never read by devices or strategies: which increments the number fields count.
    var ledger: IncrementLedger
    /// For a version an increment made, the change tag of the version it added to: a device whose own increment it
    /// was knows the version holds nothing else new.
    var incrementedFrom: Int? = nil
}
