/// The bounds a scenario file must stay within, so no file can ask for unbounded work.
enum ScenarioBounds {
    static let devices = 1...10_000
    static let records = 0...100_000
    static let steps = 0...1_000_000
    static let fieldsPerRecord = 0...1_000
    static let stringLength = 10_000
    static let stringsPerArray = 0...10_000
    static let idLength = 1...200
    static let nameLength = 80
    static let deviceIDLength = 40
    static let batchSize = 1...100_000
    static let rateLimitRequests = 1...1_000_000
    static let count = 0...1_000_000_000
    static let events = 1...2_000_000_000
    /// Clock drift, in parts per million either way.
    static let drift = 100_000.0

    static let positive = SimDuration(micros: 1)...SimDuration.longestWritten
    static let nonNegative = SimDuration.zero...SimDuration.longestWritten
    static let latency = SimDuration.zero...SimDuration.hours(1)
    static let skew = SimDuration.days(-365)...SimDuration.days(365)
    static let within = SimDuration(micros: 1)...SimDuration.days(365)
    static let time = SimDuration.seconds(1)...SimDuration.days(3_650)
    static let orForever = SimDuration.zero...SimDuration.forever
    static let positiveOrForever = SimDuration(micros: 1)...SimDuration.forever

    /// Whether `text` is 1 to `maxLength` ASCII letters, digits, `.`, `_` or `-`; with `fileName`, not starting with `.`
    /// (so neither `.` nor `..`).
    static func isIdentifier(_ text: String, maxLength: Int, fileName: Bool = false) -> Bool {
        guard !(fileName && text.hasPrefix(".")) else { return false }
        return (1...maxLength).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }
}
