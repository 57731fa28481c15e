/// The server's timeline faults in force (`rate-limit`, `outage`, `zone-busy`) and until when.
struct ServerFaults {
    enum Kind { case rateLimit, outage, zoneBusy }

    private var windows: [(kind: Kind, end: SimDuration, retryAfter: SimDuration?)] = []

    mutating func begin(_ kind: Kind, until end: SimDuration, retryAfter: SimDuration?) {
        windows.append((kind, end, retryAfter))
    }

    /// The error every request gets at `now`, if a fault is in force; the latest-begun fault answers.
    mutating func active(at now: SimDuration) -> (ServerErrorCode, SimDuration?)? {
        windows.removeAll { $0.end <= now }
        guard let window = windows.last else { return nil }
        switch window.kind {
        case .rateLimit: return (.requestRateLimited, window.retryAfter)
        case .outage: return (.serviceUnavailable, window.retryAfter)
        case .zoneBusy: return (.zoneBusy, nil)
        }
    }
}

/// A per-device token bucket for `server.rateLimit`, refilled evenly over `per`.
struct TokenBucket {
    private let capacity: Double
    private let refillPerMicro: Double
    private var tokens: Double
    private var updatedAt: SimDuration

    init(_ limit: RateLimit, at now: SimDuration) {
        capacity = Double(limit.requests)
        refillPerMicro = Double(limit.requests) / Double(limit.per.micros)
        tokens = capacity
        updatedAt = now
    }

    /// Takes one token if there is one.
    mutating func take(at now: SimDuration) -> Bool {
        tokens = min(capacity, tokens + Double(now.micros - updatedAt.micros) * refillPerMicro)
        updatedAt = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
