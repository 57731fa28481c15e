extension SimDuration {
    /// The longest span a file may write, 100 years; anything longer is a mistake (`"forever"` says never).
    static let longestWritten = SimDuration.days(36_500)

    /// The format's units and their sizes in microseconds; `us` exists so every `description` reads back.
    private static let units: [(name: String, micros: UInt64)] = [
        ("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000), ("ms", 1_000), ("us", 1),
    ]

    /// Parses a scenario duration: one or more parts like `"250ms"`, `"1.5h"`, `"31d2h"`, a decimal part rounded
    /// to the microsecond; a leading `-` only when `allowNegative`, `"forever"` only when `allowForever`.
    /// Returns nil for anything else, including spans longer than `longestWritten`.
    package init?(parsing text: String, allowNegative: Bool = false, allowForever: Bool = false) {
        if text == "forever" {
            guard allowForever else { return nil }
            self = .forever
            return
        }
        var rest = Substring(text).utf8[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative {
            guard allowNegative else { return nil }
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty else { return nil }
        var total: UInt64 = 0
        while !rest.isEmpty {
            guard let part = Self.parsePart(&rest) else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(part)
            guard !overflow, sum <= UInt64(Self.longestWritten.micros) else { return nil }
            total = sum
        }
        let magnitude = Int64(total)
        self.init(micros: negative ? -magnitude : magnitude)
    }

    /// Reads one `<number><unit>` part from the front of `rest`, in microseconds.
    private static func parsePart(_ rest: inout Substring.UTF8View.SubSequence) -> UInt64? {
        guard let whole = takeDigits(&rest) else { return nil }
        var fraction: Substring.UTF8View.SubSequence?
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard let digits = takeDigits(&rest) else { return nil }
            fraction = digits
        }
        let unitName = rest.prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        rest = rest.dropFirst(unitName.count)
        guard let unit = units.first(where: { $0.name.utf8.elementsEqual(unitName) })?.micros,
              let wholeValue = UInt64(String(decoding: whole, as: UTF8.self))
        else { return nil }
        let (wholeMicros, overflow) = wholeValue.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        guard let fraction else { return wholeMicros }
        let (sum, sumOverflow) = wholeMicros.addingReportingOverflow(fractionMicros(fraction, unit: unit))
        return sumOverflow ? nil : sum
    }

    /// `0.<digits>` of `unit`, rounded half up to the microsecond; digits past the 18th cannot change the result.
    private static func fractionMicros(_ digits: Substring.UTF8View.SubSequence, unit: UInt64) -> UInt64 {
        let kept = digits.prefix(18)
        guard let numerator = UInt64(String(decoding: kept, as: UTF8.self)) else { return 0 }
        var scale: UInt64 = 1
        for _ in kept { scale *= 10 }
        let (quotient, remainder) = scale.dividingFullWidth(numerator.multipliedFullWidth(by: unit))
        return remainder >= scale - remainder ? quotient + 1 : quotient
    }

    /// One or more ASCII digits from the front of `rest`, at most 18 (larger numbers are absurd here).
    private static func takeDigits(_ rest: inout Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence? {
        let digits = rest.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        rest = rest.dropFirst(digits.count)
        return digits
    }
}
