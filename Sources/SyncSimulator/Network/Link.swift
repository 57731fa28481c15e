/// One device's link to the server: latency, loss and duplication draws, and the windows when it is down.
struct Link {
    private(set) var config: NetworkConfig
    private var random: RandomStream
    /// Draws only the latency of pushes, so that a push skipped or added shifts no draw of requests and answers.
    private var pushRandom: RandomStream
    /// Airplane mode: the device knows it is offline.
    var airplane = false
    private var partitions: [(start: SimDuration, end: SimDuration)] = []
    private var tunnels: [(start: SimDuration, end: SimDuration, up: SimDuration, down: SimDuration)] = []
    /// Settle: no more loss or duplication (latency stays).
    private var faultFree = false

    init(config: NetworkConfig, random: RandomStream, pushRandom: RandomStream) {
        self.config = config
        self.random = random
        self.pushRandom = pushRandom
    }

    mutating func partition(from start: SimDuration, for span: SimDuration) {
        partitions.append((start, start + span))
    }

    /// A tunnel starts with an `up` phase, then alternates `down` and `up` until its span ends.
    mutating func tunnel(from start: SimDuration, for span: SimDuration, up: SimDuration, down: SimDuration) {
        tunnels.append((start, start + span, up, down))
    }

    /// Settle: every fault ends and nothing is lost or duplicated any more.
    mutating func endFaults() {
        airplane = false
        partitions = []
        tunnels = []
        faultFree = true
    }

    /// Whether a message sent or arriving at `time` is lost to a down link.
    func isDown(at time: SimDuration) -> Bool {
        if airplane { return true }
        if partitions.contains(where: { $0.start <= time && time < $0.end }) { return true }
        return tunnels.contains { tunnel in
            guard tunnel.start <= time && time < tunnel.end else { return false }
            let cycle = tunnel.up.micros + tunnel.down.micros
            return (time.micros - tunnel.start.micros) % cycle >= tunnel.up.micros
        }
    }

    mutating func latency() -> SimDuration { random.duration(from: config.latencyMin, to: config.latencyMax) }
    mutating func pushLatency() -> SimDuration { pushRandom.duration(from: config.latencyMin, to: config.latencyMax) }
    mutating func losesRequest() -> Bool { !faultFree && random.chance(config.requestLoss) }
    mutating func losesResponse() -> Bool { !faultFree && random.chance(config.responseLoss) }
    mutating func duplicates() -> Bool { !faultFree && random.chance(config.duplicate) }
}
