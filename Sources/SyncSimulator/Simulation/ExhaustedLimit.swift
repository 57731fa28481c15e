/// The limit of `limits` a run reached, and the simulated time at which it stopped.
struct ExhaustedLimit: Hashable {
    enum Key: Hashable {
        /// `limits.time`: the next event lay after it.
        case time(SimDuration)
        /// `limits.events`: the run had processed that many events.
        case events(Int)
    }

    var key: Key
    /// The time the run stopped at: the time limit itself, or the time of the last event within the event limit.
    var at: SimDuration

    /// `budget exhausted at 2h: limits.events (5000) reached before the run went quiet`.
    var sentence: String {
        let limit: String
        switch key {
        case let .time(time): limit = "limits.time (\(time))"
        case let .events(count): limit = "limits.events (\(count))"
        }
        return "budget exhausted at \(at): \(limit) reached before the run went quiet"
    }
}
