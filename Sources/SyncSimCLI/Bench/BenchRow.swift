/// One line of the bench table: what was measured, how many operations it did, and its fastest wall time.
struct BenchRow {
    var name: String
    /// Push-and-pop pairs for the heaps, events for the simulation.
    var count: Int
    var duration: Duration

    var nanosecondsEach: Double { duration / .nanoseconds(1) / Double(count) }
    var perSecond: Double { Double(count) / (duration / .seconds(1)) }
}
