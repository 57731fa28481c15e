extension ValueReader where T == SimDuration {
    /// A duration within `range`; negative ones are accepted when the range reaches below zero, and
    /// `"forever"` when it reaches `forever`.
    static func duration(in range: ClosedRange<SimDuration>) -> ValueReader {
        let negative = range.lowerBound < .zero
        let forever = range.upperBound.isForever
        func example() -> String {
            negative ? "\"250ms\" or \"-10m\"" : forever ? "\"30d\" or \"forever\"" : "\"250ms\" or \"1.5h\""
        }
        return ValueReader.scalar("a duration such as \(example())") { value in
            value.stringValue.flatMap { SimDuration(parsing: $0, allowNegative: negative, allowForever: forever) }
        }
        .checked(describe(range)) { range.contains($0) }
    }

    /// `a duration greater than 0s and at most 1h`, `a duration from -365d to 365d`, …
    private static func describe(_ range: ClosedRange<SimDuration>) -> String {
        let (lower, upper) = (range.lowerBound, range.upperBound)
        let unbounded = upper.isForever || upper == .longestWritten
        if lower == SimDuration(micros: 1) {
            return unbounded ? "a duration greater than 0s" : "a duration greater than 0s and at most \(upper)"
        }
        if lower == .zero { return unbounded ? "a duration" : "a duration of at most \(upper)" }
        return unbounded ? "a duration of at least \(lower)" : "a duration from \(lower) to \(upper)"
    }
}
