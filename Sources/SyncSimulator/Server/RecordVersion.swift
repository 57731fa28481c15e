/// One version of a record as the server stores and sends it: live fields or a tombstone, with its change tag.
///
/// A version is copied far more often than it is changed (into pages, answers, local stores and the server's history),
/// so its payload lives in one shared box: a copy costs one retain, and a change copies the box only when it is shared.
struct RecordVersion: Sendable {
    /// The payload, shared between copies until one of them changes. Only a version that holds it alone writes to
    /// it, so its properties need no dynamic exclusivity checks.
    private final class Payload: @unchecked Sendable {
        @exclusivity(unchecked) var id: RecordID
        @exclusivity(unchecked) var type: String
        @exclusivity(unchecked) var fields: Fields
        @exclusivity(unchecked) var deleted: Bool
        @exclusivity(unchecked) var changeTag: Int
        @exclusivity(unchecked) var timestamp: Int64
        @exclusivity(unchecked) var fieldTimes: NameTable<Int64>
        @exclusivity(unchecked) var ledger: IncrementLedger
        @exclusivity(unchecked) var incrementedFrom: Int?

        init(id: RecordID, type: String, fields: Fields, deleted: Bool, changeTag: Int, timestamp: Int64,
             fieldTimes: NameTable<Int64>, ledger: IncrementLedger, incrementedFrom: Int?) {
            (self.id, self.type, self.fields, self.deleted) = (id, type, fields, deleted)
            (self.changeTag, self.timestamp, self.fieldTimes) = (changeTag, timestamp, fieldTimes)
            (self.ledger, self.incrementedFrom) = (ledger, incrementedFrom)
        }

        func copy() -> Payload {
            Payload(id: id, type: type, fields: fields, deleted: deleted, changeTag: changeTag, timestamp: timestamp,
                    fieldTimes: fieldTimes, ledger: ledger, incrementedFrom: incrementedFrom)
        }
    }

    private var payload: Payload

    init(id: RecordID, type: String, fields: Fields, deleted: Bool, changeTag: Int, timestamp: Int64,
         fieldTimes: NameTable<Int64>, ledger: IncrementLedger, incrementedFrom: Int? = nil) {
        payload = Payload(id: id, type: type, fields: fields, deleted: deleted, changeTag: changeTag,
                          timestamp: timestamp, fieldTimes: fieldTimes, ledger: ledger, incrementedFrom: incrementedFrom)
    }

    /// The payload, copied first if another version shares it.
    private var unique: Payload {
        mutating get {
            if !isKnownUniquelyReferenced(&payload) { payload = payload.copy() }
            return payload
        }
    }

    var id: RecordID {
        get { payload.id }
        set { unique.id = newValue }
    }
    var type: String {
        get { payload.type }
        set { unique.type = newValue }
    }
    /// The fields; empty for a tombstone.
    var fields: Fields {
        get { payload.fields }
        _modify { yield &unique.fields }
    }
    var deleted: Bool {
        get { payload.deleted }
        set { unique.deleted = newValue }
    }
    /// Changes on every save; a save naming a stale tag meets `serverRecordChanged`.
    var changeTag: Int {
        get { payload.changeTag }
        set { unique.changeTag = newValue }
    }
    /// The conflict timestamp (microseconds) the strategy compares, taken when the user acted.
    var timestamp: Int64 {
        get { payload.timestamp }
        set { unique.timestamp = newValue }
    }
    /// When each field was last written, by the same clock (field-merge's per-field `lww`); unset fields keep theirs.
    var fieldTimes: NameTable<Int64> {
        get { payload.fieldTimes }
        _modify { yield &unique.fieldTimes }
    }
    /// Ground truth, never read by devices or strategies: which increments the number fields count.
    var ledger: IncrementLedger {
        get { payload.ledger }
        _modify { yield &unique.ledger }
    }
    /// For a version an increment made, the change tag of the version it added to: a device whose own increment it
    /// was knows the version holds nothing else new.
    var incrementedFrom: Int? {
        get { payload.incrementedFrom }
        set { unique.incrementedFrom = newValue }
    }
}
