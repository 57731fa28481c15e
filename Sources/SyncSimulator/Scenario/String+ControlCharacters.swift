extension Unicode.Scalar {
    /// A control character (C0, DEL or C1) as messages show it, `\u{1B}`; nil for any other character.
    package var escapedControl: String? {
        properties.generalCategory == .control ? "\\u{\(String(value, radix: 16, uppercase: true))}" : nil
    }
}

extension String {
    /// The text with every control character except those in `kept` shown as `\u{1B}`, so it cannot drive a terminal.
    package func escapingControlCharacters(keeping kept: Set<Unicode.Scalar> = []) -> String {
        guard unicodeScalars.contains(where: { $0.escapedControl != nil && !kept.contains($0) }) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if let escaped = scalar.escapedControl, !kept.contains(scalar) {
                result += escaped
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
