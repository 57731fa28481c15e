extension ClockConfig {
    /// Parses a clock drift such as `"0ppm"`, `"-20ppm"` or `"1.5ppm"` into parts per million; nil otherwise.
    static func driftPPM(parsing text: String) -> Double? {
        guard text.hasSuffix("ppm") else { return nil }
        let number = text.dropLast(3)
        let unsigned = number.hasPrefix("-") ? number.dropFirst() : number
        let pieces = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        let isDecimal = (1...2).contains(pieces.count) && pieces.allSatisfy { piece in
            (1...15).contains(piece.count) && piece.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        guard isDecimal else { return nil }
        return Double(String(number))
    }
}
