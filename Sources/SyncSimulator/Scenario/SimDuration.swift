/// A span of simulated time in microseconds; an instant is the span since the start of a run.
public struct SimDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The span in microseconds; `Int64.max` means `forever`.
    public var micros: Int64

    /// A span of `micros` microseconds.
    public init(micros: Int64) { self.micros = micros }

    /// No time: the start of a run.
    public static let zero = SimDuration(micros: 0)
    /// Never: used for retention, lifetimes and intervals that do not expire.
    public static let forever = SimDuration(micros: .max)

    /// A span of milliseconds.
    public static func millis(_ value: Int64) -> SimDuration { SimDuration(micros: value * 1_000) }
    /// A span of seconds.
    public static func seconds(_ value: Int64) -> SimDuration { SimDuration(micros: value * 1_000_000) }
    /// A span of minutes.
    public static func minutes(_ value: Int64) -> SimDuration { .seconds(value * 60) }
    /// A span of hours.
    public static func hours(_ value: Int64) -> SimDuration { .seconds(value * 3_600) }
    /// A span of days.
    public static func days(_ value: Int64) -> SimDuration { .seconds(value * 86_400) }

    /// Whether this is `forever`.
    public var isForever: Bool { micros == .max }

    /// Shorter spans first.
    public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.micros < rhs.micros }

    /// Adds two spans, saturating at `forever`.
    public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        let (sum, overflow) = lhs.micros.addingReportingOverflow(rhs.micros)
        if overflow { return rhs.micros > 0 ? .forever : SimDuration(micros: .min) }
        return SimDuration(micros: sum)
    }

    /// The difference of two spans, wrapping on overflow.
    public static func - (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(micros: lhs.micros &- rhs.micros)
    }

    /// The shortest exact form in the scenario format's units, e.g. `"31d2h"`, `"250ms"`, `"-10m"`.
    public var description: String {
        if isForever { return "forever" }
        if micros == 0 { return "0s" }
        var rest = micros.magnitude
        var text = micros < 0 ? "-" : ""
        for (name, size) in SimDuration.units where rest >= size {
            text += String(rest / size)
            text += name
            rest %= size
        }
        if rest > 0 {
            text += String(rest)
            text += "us"
        }
        return text
    }

    /// The units of `description`, largest first, with their size in microseconds.
    private static let units: [(name: String, size: UInt64)] = [
        ("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000), ("s", 1_000_000), ("ms", 1_000),
    ]
}
