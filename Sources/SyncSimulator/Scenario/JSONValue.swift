/// A JSON document as a value; objects keep their keys in order, so output is byte-stable.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number with its source text, so integers (including 64-bit seeds) are read exactly.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(flag): hasher.combine(flag)
        case let .number(text): hasher.combine(text)
        case let .string(text): hasher.combine(text)
        case let .array(items): hasher.combine(items)
        case let .object(members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// A number value from an integer.
    package static func int<T: BinaryInteger>(_ value: T) -> JSONValue { .number(String(value)) }

    /// A number value from a double, integral values without a fraction; JSON has no infinities or NaN,
    /// so those (a sum that overflowed) become the strings `"Infinity"`, `"-Infinity"` and `"NaN"`.
    package static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .string(nonFiniteName(value)) }
        return .number(FieldValue.format(value))
    }

    /// How a number that JSON cannot hold is written, as a string: `NaN`, `Infinity` or `-Infinity`.
    static func nonFiniteName(_ value: Double) -> String {
        value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity"
    }

    /// Pretty-printed text with two-space indentation and a final newline.
    package func rendered() -> String {
        var writer = JSONTextWriter(pretty: true)
        writer.value(self)
        writer.buffer.append(byte: UInt8(ascii: "\n"))
        return writer.buffer.text
    }

    /// The value on one line, without spaces or a final newline (a JSON Lines line).
    package var compact: String {
        var writer = JSONTextWriter(pretty: false, capacity: 256)
        writer.value(self)
        return writer.buffer.text
    }
}
