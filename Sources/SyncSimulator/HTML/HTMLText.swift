/// Text made safe for an HTML page: markup characters escaped, control characters shown as `\u{…}`.
package enum HTMLText {
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            default:
                if let control = scalar.escapedControl { escaped += control } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        return escaped
    }
}
