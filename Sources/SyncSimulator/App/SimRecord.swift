/// A record as an app holds and saves it (CKRecord's role): its id, type and fields, and the change tag of the server
/// version it was fetched or saved as (its system fields), which a save names.
public struct SimRecord: Hashable, Sendable, Codable {
    /// The record's id, unique in the zone.
    public var recordID: String
    /// The record's type, e.g. `Favorite`.
    public var recordType: String
    /// The record's fields by name.
    public var fields: Fields
    /// The change tag of the server version this record is based on; nil for a record never saved (CKRecord's
    /// `recordChangeTag`). Keep it with the record: a save naming an older tag fails with `serverRecordChanged`.
    public var recordChangeTag: Int?

    /// A new record, never saved: the server takes it only where no live record has its id.
    public init(recordType: String, recordID: String, fields: Fields = [:]) {
        self.recordType = recordType
        self.recordID = recordID
        self.fields = fields
    }

    /// The value of one field, nil when it has none.
    public subscript(key: String) -> FieldValue? {
        get { fields[key] }
        set { fields[key] = newValue }
    }

    /// The record as the server stores `version`, with its change tag.
    init(_ version: RecordVersion) {
        self.init(recordType: version.type, recordID: version.id.name, fields: version.fields)
        recordChangeTag = version.changeTag
    }
}
