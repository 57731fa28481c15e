/// A record in a device's local store, with the sync metadata the app keeps beside it.
struct LocalRecord {
    var type: String
    /// What the device shows, pending increments included.
    var fields: Fields
    var ledger: IncrementLedger
    /// A local tombstone: deleted by the user, the delete not yet acknowledged.
    var deleted = false
    /// The conflict timestamp of the device's latest change, by the scenario's clock.
    var timestamp: Int64
    /// When each field was last written, by the scenario's clock.
    var fieldTimes: [String: Int64] = [:]
    /// The last server version this device saw of the record: its change tag is the base of the next save.
    var serverVersion: RecordVersion?

    init(type: String, fields: Fields, ledger: IncrementLedger, timestamp: Int64, serverVersion: RecordVersion?) {
        self.type = type
        self.fields = fields
        self.ledger = ledger
        self.timestamp = timestamp
        self.serverVersion = serverVersion
    }

    /// The record as the server sent it.
    init(_ version: RecordVersion) {
        type = version.type
        fields = version.fields
        ledger = version.ledger
        timestamp = version.timestamp
        fieldTimes = version.fieldTimes
        serverVersion = version
    }
}

extension LocalRecord {
    /// Adds the increments to the fields and their ledger, or takes them away (`sign` -1).
    mutating func apply(_ increments: [(field: String, by: Double, action: Int)], sign: Double = 1) {
        for increment in increments {
            fields[increment.field] = .number((fields[increment.field]?.number ?? 0) + sign * increment.by)
            ledger.add(increment.action, to: increment.field, times: Int(sign))
        }
    }
}
