/// What one bench row measured: how many operations, the wall time, and where known the reports' share and the
/// peak memory of the process that ran the row alone.
struct BenchMeasurement: Equatable {
    /// Push-and-pop pairs for the heaps, events for the simulations, seeds for fuzz.
    var count: Int
    /// The fastest run's wall time, reports included.
    var duration: Duration
    /// The part of `duration` spent writing reports, for a case that writes them.
    var reportsDuration: Duration? = nil
    /// The peak resident memory of a process that ran only this measurement; nil when it shared its process.
    var peakMegabytes: Int? = nil

    var nanosecondsEach: Double { duration / .nanoseconds(1) / Double(count) }
    var perSecond: Double { Double(count) / (duration / .seconds(1)) }

    /// Count, nanoseconds, reports' nanoseconds and peak megabytes as text, `-` for an unknown.
    var fields: [String] {
        [String(count), String(duration.nanoseconds), reportsDuration.map { String($0.nanoseconds) } ?? "-",
         peakMegabytes.map(String.init) ?? "-"]
    }
}

extension BenchMeasurement {
    /// Reads `fields`; nil unless they are four with a count and a duration.
    init?(fields: ArraySlice<String>) {
        let fields = Array(fields)
        guard fields.count == 4, let count = Int(fields[0]), let nanoseconds = Int64(fields[1]) else { return nil }
        self.count = count
        duration = .nanoseconds(nanoseconds)
        reportsDuration = Int64(fields[2]).map { .nanoseconds($0) }
        peakMegabytes = Int(fields[3])
    }
}

extension Duration {
    /// The whole nanoseconds, as a worker line carries them.
    var nanoseconds: Int64 {
        Int64(self / .nanoseconds(1))
    }
}
