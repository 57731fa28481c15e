extension JSONValue {
    /// Longest string shown whole in a message; longer ones are cut with `…`.
    private static let summaryLength = 60

    /// How a message shows a found value: strings quoted, numbers and literals as written, containers by kind.
    var summary: String {
        switch self {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(text): return text
        case let .string(text):
            let shown = text.count > Self.summaryLength ? text.prefix(Self.summaryLength) + "…" : Substring(text)
            return JSONValue.quoted(String(shown))
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
