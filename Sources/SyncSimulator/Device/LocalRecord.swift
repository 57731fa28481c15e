/// A record in a device's local store, with the sync metadata the app keeps beside it.
///
/// Most records a device holds are just as the server last sent them: such a record shares that version's payload and
/// copies it into content of its own only when the device changes the record or moves on to another server version.
struct LocalRecord {
    /// What the device holds of a record it has changed, shared between copies until one of them changes.
    private final class Content {
        @exclusivity(unchecked) var type: String
        @exclusivity(unchecked) var fields: Fields
        @exclusivity(unchecked) var ledger: IncrementLedger
        @exclusivity(unchecked) var deleted: Bool
        @exclusivity(unchecked) var timestamp: Int64
        @exclusivity(unchecked) var fieldTimes: NameTable<Int64>

        init(type: String, fields: Fields, ledger: IncrementLedger, deleted: Bool, timestamp: Int64,
             fieldTimes: NameTable<Int64>) {
            (self.type, self.fields, self.ledger, self.deleted) = (type, fields, ledger, deleted)
            (self.timestamp, self.fieldTimes) = (timestamp, fieldTimes)
        }

        /// The content of a version as the server sent it: live, whatever the version says.
        convenience init(_ version: RecordVersion) {
            self.init(type: version.type, fields: version.fields, ledger: version.ledger, deleted: false,
                      timestamp: version.timestamp, fieldTimes: version.fieldTimes)
        }

        func copy() -> Content {
            Content(type: type, fields: fields, ledger: ledger, deleted: deleted, timestamp: timestamp,
                    fieldTimes: fieldTimes)
        }
    }

    /// The record's own content; nil while it is `base`'s, as the server sent it.
    private var own: Content?
    private var base: RecordVersion?

    init(type: String, fields: Fields, ledger: IncrementLedger, timestamp: Int64, serverVersion: RecordVersion?) {
        own = Content(type: type, fields: fields, ledger: ledger, deleted: false, timestamp: timestamp, fieldTimes: [:])
        base = serverVersion
    }

    /// The record as the server sent it.
    init(_ version: RecordVersion) {
        base = version
    }

    /// The content to change: the record's own, copied first from the server version or from another record.
    private var owned: Content {
        mutating get {
            if own == nil {
                own = Content(base!)
            } else if !isKnownUniquelyReferenced(&own) {
                own = own!.copy()
            }
            return own!
        }
    }

    var type: String {
        get { own?.type ?? base!.type }
        set { owned.type = newValue }
    }
    /// What the device shows, pending increments included.
    var fields: Fields {
        get { own?.fields ?? base!.fields }
        _modify { yield &owned.fields }
    }
    var ledger: IncrementLedger {
        get { own?.ledger ?? base!.ledger }
        _modify { yield &owned.ledger }
    }
    /// A local tombstone: deleted by the user, the delete not yet acknowledged.
    var deleted: Bool {
        get { own?.deleted ?? false }
        set { owned.deleted = newValue }
    }
    /// The conflict timestamp of the device's latest change, by the scenario's clock.
    var timestamp: Int64 {
        get { own?.timestamp ?? base!.timestamp }
        set { owned.timestamp = newValue }
    }
    /// When each field was last written, by the scenario's clock.
    var fieldTimes: NameTable<Int64> {
        get { own?.fieldTimes ?? base!.fieldTimes }
        _modify { yield &owned.fieldTimes }
    }
    /// The last server version this device saw of the record: its change tag is the base of the next save. Setting
    /// it keeps the record's content as it was.
    var serverVersion: RecordVersion? {
        get { base }
        set {
            if own == nil { own = Content(base!) }
            base = newValue
        }
    }
}

extension LocalRecord {
    /// Adds the increments to the fields and their ledger, or takes them away (`sign` -1).
    mutating func apply(_ increments: [(field: String, by: Double, action: Int)], sign: Double = 1) {
        for increment in increments {
            fields.add(sign * increment.by, to: increment.field)
            ledger.add(increment.action, to: increment.field, times: Int(sign))
        }
    }
}
