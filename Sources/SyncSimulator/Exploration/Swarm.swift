/// Swarm testing: each seed draws which fault kinds are on and how often, so rare combinations get their turn.
struct Swarm {
    /// A kind of fault the generator can put in a scenario.
    enum Fault: String, CaseIterable {
        case offline, tunnel, partition, requestLoss, responseLoss, duplicate, kill, background, loseToken, reset
        case clockSkew, clockDrift, latencySpread, serverRateLimit, rateLimit, outage, zoneBusy, purge
        case smallPages, batchLimit, atomicBatches, tombstoneRetention, tokenLifetime, savesOverDeleted, noPush
    }

    /// The kinds that are on, each with how many times (or how strongly, for rates) it applies.
    private(set) var weights: [Fault: Int] = [:]

    /// Every kind is on with probability one half, with a weight of 1 to 3.
    init(random: inout RandomStream) {
        for fault in Fault.allCases where random.chance(0.5) {
            weights[fault] = 1 + Int(random.next() % 3)
        }
    }

    func isOn(_ fault: Fault) -> Bool { weights[fault] != nil }

    /// How many times the fault applies: 0 when it is off.
    func count(_ fault: Fault) -> Int { weights[fault] ?? 0 }

    /// The kinds that are on, in declaration order.
    var names: [String] { Fault.allCases.filter(isOn).map(\.rawValue) }
}
