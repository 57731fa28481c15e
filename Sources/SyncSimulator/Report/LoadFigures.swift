/// The server's request rate over a run: requests and rejections per minute of true time.
public struct ServerLoad: Hashable, Sendable {
    /// One minute of true time (`minute` 0 is the first) with the requests that reached the server in it.
    public struct Minute: Hashable, Sendable {
        /// Which minute of the run, counted from 0.
        public var minute: Int
        /// Requests that reached the server in this minute.
        public var requests: Int
        /// Answered `requestRateLimited`, `serviceUnavailable` or `zoneBusy`.
        public var rejected: Int
        /// One minute's figures.
        public init(minute: Int, requests: Int, rejected: Int) {
            self.minute = minute
            self.requests = requests
            self.rejected = rejected
        }
    }

    /// The minutes in which requests reached the server, in order.
    public var minutes: [Minute] = []
    /// A load made of the given minutes.
    public init(minutes: [Minute] = []) { self.minutes = minutes }

    /// Requests over the whole run.
    public var requests: Int { minutes.reduce(0) { $0 + $1.requests } }
    /// Rejected requests over the whole run.
    public var rejected: Int { minutes.reduce(0) { $0 + $1.rejected } }
    /// The busiest minute (the first of equals).
    public var peak: Minute? { minutes.max { $0.requests < $1.requests || ($0.requests == $1.requests && $0.minute > $1.minute) } }

    /// Counts a request that reached the server at `time`.
    mutating func count(at time: SimDuration, rejected: Bool) {
        let minute = Int(time.micros / 60_000_000)
        if minutes.last?.minute != minute { minutes.append(Minute(minute: minute, requests: 0, rejected: 0)) }
        minutes[minutes.count - 1].requests += 1
        if rejected { minutes[minutes.count - 1].rejected += 1 }
    }
}

/// The median, 99th percentile and maximum of a set of durations (nearest rank).
public struct Spread: Hashable, Sendable {
    /// How many durations there are.
    public var count: Int
    /// The median (nearest rank).
    public var median: SimDuration
    /// The 99th percentile (nearest rank).
    public var p99: SimDuration
    /// The longest.
    public var max: SimDuration

    /// The spread of `values`, or nil when there are none.
    public init?(_ values: [SimDuration]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = { (fraction: Double) in sorted[Swift.max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)] }
        count = sorted.count
        median = rank(0.5)
        p99 = rank(0.99)
        max = sorted[sorted.count - 1]
    }
}
