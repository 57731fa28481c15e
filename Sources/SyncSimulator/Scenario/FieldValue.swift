/// A record field's value: a string, a number, a boolean, a set of strings, or null.
public enum FieldValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// An array of strings; the checks compare it as a set.
    case strings([String])
    case null

    /// Equality as the checks use it: arrays of strings compare as sets.
    func sameValue(as other: FieldValue) -> Bool {
        switch (self, other) {
        case let (.strings(a), .strings(b)): return a == b || FieldValue.contains(a, in: b) && FieldValue.contains(b, in: a)
        default: return self == other
        }
    }

    /// Whether this value is "in" `end`, the end state's value: equal, or for arrays of strings every element present.
    func isContained(in end: FieldValue) -> Bool {
        switch (self, end) {
        case let (.strings(mine), .strings(theirs)): return mine == theirs || FieldValue.contains(mine, in: theirs)
        default: return self == end
        }
    }

    /// Whether every string of `part` is in `whole`. A field's lists are short: comparing each pair costs less than
    /// hashing both into sets, which a longer list still is.
    private static func contains(_ part: [String], in whole: [String]) -> Bool {
        guard part.count * whole.count > 256 else { return part.allSatisfy(whole.contains) }
        return Set(part).isSubset(of: Set(whole))
    }

    /// The number, if this is one.
    public var number: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    /// JSON-like text: strings quoted, integral numbers without a fraction.
    public var description: String {
        switch self {
        case let .string(text): return "\"\(text)\""
        case let .number(value): return FieldValue.format(value)
        case let .bool(flag): return flag ? "true" : "false"
        case let .strings(items): return "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        case .null: return "null"
        }
    }

    /// Formats a number the way reports show it: integers without `.0`, others in shortest round-trip form.
    static func format(_ value: Double) -> String {
        exactInteger(value).map { String($0) } ?? "\(value)"
    }

    /// The number as an integer when it is one that a Double holds exactly (below 2^53), shown without `.0`.
    static func exactInteger(_ value: Double) -> Int64? {
        value.rounded() == value && abs(value) < 9_007_199_254_740_992 ? Int64(value) : nil
    }
}
