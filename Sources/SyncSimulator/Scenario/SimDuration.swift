/// A span of simulated time in microseconds; an instant is the span since the start of a run.
public struct SimDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var micros: Int64

    public init(micros: Int64) { self.micros = micros }

    public static let zero = SimDuration(micros: 0)
    /// Never: used for retention, lifetimes and intervals that do not expire.
    public static let forever = SimDuration(micros: .max)

    public static func millis(_ value: Int64) -> SimDuration { SimDuration(micros: value * 1_000) }
    public static func seconds(_ value: Int64) -> SimDuration { SimDuration(micros: value * 1_000_000) }
    public static func minutes(_ value: Int64) -> SimDuration { .seconds(value * 60) }
    public static func hours(_ value: Int64) -> SimDuration { .seconds(value * 3_600) }
    public static func days(_ value: Int64) -> SimDuration { .seconds(value * 86_400) }

    public var isForever: Bool { micros == .max }

    public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.micros < rhs.micros }

    /// Adds two spans, saturating at `forever`.
    public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        let (sum, overflow) = lhs.micros.addingReportingOverflow(rhs.micros)
        if overflow { return rhs.micros > 0 ? .forever : SimDuration(micros: .min) }
        return SimDuration(micros: sum)
    }

    public static func - (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(micros: lhs.micros &- rhs.micros)
    }

    /// The shortest exact form in the scenario format's units, e.g. `"31d2h"`, `"250ms"`, `"-10m"`.
    public var description: String {
        if isForever { return "forever" }
        if micros == 0 { return "0s" }
        var rest = micros.magnitude
        var text = micros < 0 ? "-" : ""
        let units: [(String, UInt64)] = [("d", 86_400_000_000), ("h", 3_600_000_000), ("m", 60_000_000),
                                         ("s", 1_000_000), ("ms", 1_000)]
        for (name, size) in units where rest >= size {
            text += "\(rest / size)\(name)"
            rest %= size
        }
        if rest > 0 { text += "\(rest)us" }
        return text
    }
}
