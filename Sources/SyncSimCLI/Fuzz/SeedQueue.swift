import Dispatch

/// The seeds of a campaign waiting to be run, shared by the threads that drive workers, and the results so far.
final class SeedQueue: @unchecked Sendable {
    // Every access to the mutable state below goes through `lock`.
    private let lock = DispatchSemaphore(value: 1)
    private let seeds: [UInt64]
    /// The first seed not yet claimed.
    private var next = 0
    /// Seeds put back, claimed before the others.
    private var returned: [UInt64] = []
    private var results: [UInt64: SeedResult] = [:]
    private var failed = 0

    init(seeds: [UInt64]) {
        self.seeds = seeds
    }

    /// The next `count` seeds or fewer, or nil when none is left or `stop` says so.
    func claim(upTo count: Int, unless stop: () -> Bool) -> [UInt64]? {
        let count = max(1, count)
        return locked {
            guard !stop() else { return nil }
            if !returned.isEmpty {
                let claimed = Array(returned.prefix(count))
                returned.removeFirst(claimed.count)
                return claimed
            }
            guard next < seeds.count else { return nil }
            let claimed = Array(seeds[next..<min(next + count, seeds.count)])
            next += claimed.count
            return claimed
        }
    }

    /// Puts seeds back to be run next (the rest of a chunk whose worker crashed).
    func putBack(_ seeds: [UInt64]) {
        if !seeds.isEmpty { locked { returned.insert(contentsOf: seeds, at: 0) } }
    }

    /// Stores results; returns how many seeds are done and how many failed.
    func store(_ done: [SeedResult]) -> (done: Int, failed: Int) {
        locked {
            for result in done where results.updateValue(result, forKey: result.seed) == nil && result.failure != nil {
                failed += 1
            }
            return (results.count, failed)
        }
    }

    /// The results, in seed order.
    var all: [SeedResult] { locked { results.keys.sorted().map { results[$0]! } } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.wait()
        defer { lock.signal() }
        return body()
    }
}
