/// Text made safe for XML 1.0: markup characters escaped, and the characters XML 1.0 forbids (control characters
/// other than tab, line feed and carriage return, U+FFFE and U+FFFF) replaced by their Swift spelling, e.g. `\u{1B}`.
enum XMLText {
    /// Text for an element's content.
    static func content(_ text: String) -> String { escaped(text, inAttribute: false) }

    /// Text for a double-quoted attribute value: quotes escaped, and tab and line breaks as character references so
    /// a parser does not turn them into spaces.
    static func attribute(_ text: String) -> String { escaped(text, inAttribute: true) }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\t", "\n", "\r":
                out += inAttribute ? "&#\(scalar.value);" : String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
