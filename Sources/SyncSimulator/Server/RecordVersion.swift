/// One version of a record as the server stores and sends it: live fields or a tombstone, with its change tag.
struct RecordVersion: Hashable, Sendable {
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

/// Which user changes (by action number) a record's number fields count, and how many times each: increments,
/// and the user's write of the number they build on (both sides' writes where a `sum` merge combined two).
struct IncrementLedger: Hashable, Sendable {
    private(set) var counts: [String: [Int: Int]] = [:]

    /// A user's write of `field` by `action`: it replaces every earlier change, and counts `action` once when
    /// it writes a number.
    mutating func write(_ value: FieldValue, to field: String, by action: Int) {
        counts[field] = value.number == nil ? nil : [action: 1]
    }

    /// Counts `action` once more in `field`.
    mutating func add(_ action: Int, to field: String, times: Int = 1) {
        counts[field, default: [:]][action, default: 0] += times
        if counts[field]?[action] == 0 { counts[field]?[action] = nil }
        if counts[field]?.isEmpty == true { counts[field] = nil }
    }

    /// How many times `field` counts `action`.
    func count(of action: Int, in field: String) -> Int { counts[field]?[action] ?? 0 }

    /// Replaces `field`'s provenance with `other`'s (the value was overwritten by a save).
    mutating func take(_ field: String, from other: IncrementLedger) {
        counts[field] = other.counts[field]
    }

    /// Gives `field` the provenance of a value that combines two sides that started from `ancestor`
    /// (both sides' changes, the common ones once; a change of the ancestor that a side replaced is gone).
    mutating func combine(_ field: String, _ one: IncrementLedger, _ other: IncrementLedger, over ancestor: IncrementLedger?) {
        var combined = one.counts[field] ?? [:]
        for (action, times) in other.counts[field] ?? [:] { combined[action, default: 0] += times }
        for (action, times) in ancestor?.counts[field] ?? [:] { combined[action, default: 0] -= times }
        combined = combined.filter { $0.value > 0 }
        counts[field] = combined.isEmpty ? nil : combined
    }

    /// Keeps only the fields in `names`.
    mutating func keep(only names: some Sequence<String>) {
        let kept = Set(names)
        counts = counts.filter { kept.contains($0.key) }
    }
}
