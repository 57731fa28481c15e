/// How long a client waits before retrying: the server's hint plus a jitter of up to `base`, or, without a hint
/// (or when hints are ignored), exponential backoff with full jitter capped at `max`.
struct Backoff {
    var base: SimDuration
    var max: SimDuration

    /// The delay before retry number `attempt` (1 for the first).
    func delay(attempt: Int, hint: SimDuration?, random: inout RandomStream) -> SimDuration {
        if let hint { return hint + random.duration(from: .zero, to: base) }
        let exponent = min(attempt - 1, 40)
        let (scaled, overflow) = base.micros.multipliedReportingOverflow(by: Int64(1) << exponent)
        let ceiling = overflow ? max : min(max, SimDuration(micros: scaled))
        return random.duration(from: .zero, to: ceiling)
    }
}
