extension RecordState {
    /// The record's fields sorted by name; empty when it is deleted.
    var sortedFields: [Fields.Element] {
        (fields ?? [:]).sorted { $0.key < $1.key }
    }

    /// `name: value` pairs sorted by field name and joined by commas, or `deleted`.
    var fieldsSummary: String {
        if deleted { return "deleted" }
        return sortedFields.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    /// Whether the tables show this record as they show `other` (nil: a record the other store lacks, shown as
    /// deleted). Equal fields show alike, so only records whose fields differ have their summaries compared.
    func isShownAlike(_ other: RecordState?) -> Bool {
        fields == other?.fields || fieldsSummary == (other?.fieldsSummary ?? "deleted")
    }
}
