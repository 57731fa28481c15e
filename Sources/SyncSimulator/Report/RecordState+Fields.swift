extension RecordState {
    /// The record's fields sorted by name; empty when it is deleted.
    var sortedFields: [(name: String, value: FieldValue)] {
        (fields ?? [:]).sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// `name: value` pairs sorted by field name and joined by commas, or `deleted`.
    var fieldsSummary: String {
        if deleted { return "deleted" }
        return sortedFields.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }
}
