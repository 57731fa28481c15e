extension FieldValue {
    /// The value as JSON: numbers in the report's number form, sets of strings as arrays.
    package var json: JSONValue {
        switch self {
        case let .string(text): return .string(text)
        case let .number(value): return .double(value)
        case let .bool(flag): return .bool(flag)
        case let .strings(items): return .array(items.map(JSONValue.string))
        case .null: return .null
        }
    }
}
