/// Resolves a conflict between a device's pending change and the server's record: a pure function of the conflict.
public protocol ConflictStrategy: Sendable {
    /// The name reports show, e.g. `"lww"`.
    var name: String { get }
    /// Decides how the conflict ends; called once per conflict, and must not depend on anything outside it.
    func resolve(_ conflict: Conflict) -> Resolution
}

/// A conflict as a device meets it: its own version, the server's, and the version both started from.
public struct Conflict: Hashable, Sendable {
    /// The conflicting record's ID.
    public var record: String
    /// The conflicting record's type, e.g. `"Favorite"`.
    public var type: String
    /// The device that met the conflict.
    public var device: String
    /// The device's pending version.
    public var local: ConflictSide
    /// The version the server holds now.
    public var server: ConflictSide
    /// The version the device's change was based on, when the server still has it.
    public var ancestor: ConflictSide?
}

/// One side of a conflict: the record's fields (nil when that side deleted it) and its conflict timestamps.
public struct ConflictSide: Hashable, Sendable {
    /// The record's fields on this side, or nil when this side deleted it.
    public var fields: Fields?
    /// When this side last changed the record, in microseconds by the scenario's clock (device, hybrid or server).
    public var timestamp: Int64
    /// When this side last wrote each field, by name.
    var fieldTimes: NameTable<Int64>
    /// When this side last wrote each field, by the same clock; a field not listed takes `timestamp`.
    public var fieldTimestamps: [String: Int64] {
        get { fieldTimes.dictionary }
        set { fieldTimes = NameTable(newValue) }
    }
    /// Whether this side deleted the record.
    public var deleted: Bool { fields == nil }

    /// A side with its fields and timestamps; per-field timestamps default to the record's.
    public init(fields: Fields?, timestamp: Int64, fieldTimestamps: [String: Int64] = [:]) {
        self.init(fields: fields, timestamp: timestamp, fieldTimes: NameTable(fieldTimestamps))
    }

    /// A side with its fields, its timestamp and its fields' timestamps by name.
    init(fields: Fields?, timestamp: Int64, fieldTimes: NameTable<Int64>) {
        self.fields = fields
        self.timestamp = timestamp
        self.fieldTimes = fieldTimes
    }

    /// When this side last wrote `field`.
    public func timestamp(of field: String) -> Int64 { fieldTimes[field] ?? timestamp }
}

/// What a strategy decides.
public enum Resolution: Hashable, Sendable {
    /// The device's version wins: it is saved over the server's.
    case keepLocal
    /// The server's version wins: the device takes it and drops its change.
    case keepServer
    /// These fields win: the device saves them as the whole record over the server's.
    case merged(Fields)
    /// The conflict is shown to the user, who decides `choice` after `after` (a device's own `choice` wins).
    case askUser(UserChoice, after: SimDuration)
}

/// A strategy given as a closure, for library users who do not want a type of their own.
public struct ClosureStrategy: ConflictStrategy {
    /// The name reports show for this strategy.
    public let name: String
    private let body: @Sendable (Conflict) -> Resolution

    /// A strategy named `name` that decides each conflict by calling `body`.
    public init(name: String, _ body: @escaping @Sendable (Conflict) -> Resolution) {
        self.name = name
        self.body = body
    }

    /// Asks the closure.
    public func resolve(_ conflict: Conflict) -> Resolution { body(conflict) }
}
