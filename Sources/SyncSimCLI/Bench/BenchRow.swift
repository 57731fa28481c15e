/// One line of the bench table: what was measured, how many operations it did, its fastest wall time, and the
/// process's peak memory once it was done.
struct BenchRow {
    var name: String
    /// Push-and-pop pairs for the heaps, events for the simulations, seeds for fuzz.
    var count: Int
    var duration: Duration
    /// The process's peak resident memory (MB) after the measurement: it only grows, row after row.
    var peakMegabytes: Int

    var nanosecondsEach: Double { duration / .nanoseconds(1) / Double(count) }
    var perSecond: Double { Double(count) / (duration / .seconds(1)) }
}
