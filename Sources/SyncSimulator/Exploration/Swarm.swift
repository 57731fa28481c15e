/// Swarm testing: each seed draws which fault kinds are on and how often, so rare combinations get their turn.
struct Swarm {
    /// A kind of fault the generator can put in a scenario.
    enum Fault: String, CaseIterable {
        case offline, tunnel, partition, requestLoss, responseLoss, duplicate, kill, background, loseToken, reset
        case clockSkew, clockDrift, latencySpread, serverRateLimit, rateLimit, outage, zoneBusy, purge
        case smallPages, batchLimit, atomicBatches, tombstoneRetention, tokenLifetime, savesOverDeleted, noPush
    }

    /// How many times (or how strongly, for rates) each kind applies, in declaration order: 0 for a kind that is off.
    /// A seed reads it a few dozen times, so it is an array found by position rather than a table that hashes.
    private var weights: [Int] = []

    /// Every kind is on with probability one half, with a weight of 1 to 3.
    init(random: inout RandomStream) {
        weights = Fault.allCases.map { _ in random.chance(0.5) ? 1 + Int(random.next() % 3) : 0 }
    }

    func isOn(_ fault: Fault) -> Bool { count(fault) > 0 }

    /// How many times the fault applies: 0 when it is off.
    func count(_ fault: Fault) -> Int { weights[Fault.allCases.firstIndex(of: fault)!] }

    /// The kinds that are on, in declaration order.
    var names: [String] { Fault.allCases.indices.filter { weights[$0] > 0 }.map { Fault.allCases[$0].rawValue } }
}
