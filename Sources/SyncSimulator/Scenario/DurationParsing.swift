extension SimDuration {
    /// The longest span a file may write, 100 years; anything longer is a mistake (`"forever"` says never).
    static let longestWritten = SimDuration.days(36_500)

    /// The size in microseconds of one of the format's units, `d`, `h`, `m`, `s`, `ms` and `us` (which exists so that
    /// every `description` reads back), or nil for any other name.
    private static func unitMicros(_ name: UnsafeBufferPointer<UInt8>) -> UInt64? {
        switch (name.count, name.first, name.last) {
        case (1, UInt8(ascii: "d"), _): return 86_400_000_000
        case (1, UInt8(ascii: "h"), _): return 3_600_000_000
        case (1, UInt8(ascii: "m"), _): return 60_000_000
        case (1, UInt8(ascii: "s"), _): return 1_000_000
        case (2, UInt8(ascii: "m"), UInt8(ascii: "s")): return 1_000
        case (2, UInt8(ascii: "u"), UInt8(ascii: "s")): return 1
        default: return nil
        }
    }

    /// Parses a scenario duration: one or more parts like `"250ms"`, `"1.5h"`, `"31d2h"`, a decimal part rounded
    /// to the microsecond; a leading `-` only when `allowNegative`, `"forever"` only when `allowForever`.
    /// Returns nil for anything else, including spans longer than `longestWritten`.
    package init?(parsing text: String, allowNegative: Bool = false, allowForever: Bool = false) {
        if text == "forever" {
            guard allowForever else { return nil }
            self = .forever
            return
        }
        var text = text
        guard let (negative, total) = text.withUTF8({ Self.parse($0, allowNegative: allowNegative) }) else { return nil }
        let magnitude = Int64(total)
        self.init(micros: negative ? -magnitude : magnitude)
    }

    /// The sign and size in microseconds of a duration's UTF-8 bytes, read by index: a string view's slices cost more
    /// than the rest of loading a large timeline.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, allowNegative: Bool) -> (negative: Bool, micros: UInt64)? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative {
            guard allowNegative else { return nil }
            index = 1
        }
        guard index < bytes.count else { return nil }
        var total: UInt64 = 0
        while index < bytes.count {
            guard let part = parsePart(bytes, at: &index) else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(part)
            guard !overflow, sum <= UInt64(longestWritten.micros) else { return nil }
            total = sum
        }
        return (negative, total)
    }

    /// Reads one `<number><unit>` part from `index` on, in microseconds.
    private static func parsePart(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt64? {
        guard let whole = takeDigits(bytes, at: &index) else { return nil }
        var fraction: (value: UInt64, count: Int)?
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard let digits = takeDigits(bytes, at: &index) else { return nil }
            fraction = digits
        }
        let unitStart = index
        while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
        guard let unit = unitMicros(UnsafeBufferPointer(rebasing: bytes[unitStart..<index])) else { return nil }
        let (wholeMicros, overflow) = whole.value.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        guard let fraction else { return wholeMicros }
        let (sum, sumOverflow) = wholeMicros.addingReportingOverflow(fractionMicros(fraction, unit: unit))
        return sumOverflow ? nil : sum
    }

    /// `0.<digits>` of `unit`, rounded half up to the microsecond.
    private static func fractionMicros(_ digits: (value: UInt64, count: Int), unit: UInt64) -> UInt64 {
        var scale: UInt64 = 1
        for _ in 0..<digits.count { scale *= 10 }
        let (quotient, remainder) = scale.dividingFullWidth(digits.value.multipliedFullWidth(by: unit))
        return remainder >= scale - remainder ? quotient + 1 : quotient
    }

    /// The value and count of one or more ASCII digits from `index` on, at most 18 (larger numbers are absurd here).
    private static func takeDigits(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> (value: UInt64, count: Int)? {
        var value: UInt64 = 0
        var count = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            count += 1
            guard count <= 18 else { return nil }
            value = value * 10 + UInt64(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }
}
