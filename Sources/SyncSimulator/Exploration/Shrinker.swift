/// Shrinks a failing scenario to a small one that still fails the same way: delta debugging over steps, devices,
/// records, fields, faults and times. A candidate that is not a valid scenario file counts as passing.
public struct Shrinker: Sendable {
    /// Runs one scenario, as the failure was found.
    public var simulate: @Sendable (Scenario) -> Report
    /// The most candidates run before the shrinker stops with the smallest failing scenario so far.
    public var maxRuns: Int
    /// When the shrinker stops with the smallest failing scenario so far, however many runs are left; nil: never.
    /// A shrink cut short by it depends on how fast the machine is, so it is given only where time already counts
    /// (a fuzz campaign with a time limit).
    public var deadline: ContinuousClock.Instant?

    /// A shrinker that tries at most `maxRuns` candidates, and none after `deadline`, running each with `simulate`.
    public init(maxRuns: Int = 3_000, deadline: ContinuousClock.Instant? = nil,
                simulate: @escaping @Sendable (Scenario) -> Report = { Simulation(scenario: $0).run() }) {
        self.maxRuns = maxRuns
        self.deadline = deadline
        self.simulate = simulate
    }

    /// The smallest scenario found whose first broken invariant is `failure` again (same class, record or device).
    public func shrink(_ scenario: Scenario, keeping failure: FuzzFailure) -> Scenario {
        shrink(scenario) { candidate in
            Invariants.failures(in: simulate(candidate)).first.map(failure.matches) ?? false
        }
    }

    /// The smallest scenario found for which `fails` holds; `fails` sees only candidates that are valid files.
    public func shrink(_ scenario: Scenario, while fails: @escaping (Scenario) -> Bool) -> Scenario {
        var search = Search(best: scenario, budget: maxRuns, deadline: deadline, fails: fails)
        var size = Int.max
        while search.budget > 0, search.best.size < size {
            size = search.best.size
            search.removeSteps()
            search.removeDevices()
            search.removeRecords()
            search.simplifySettings()
            search.removeFields()
            search.shortenTimes()
        }
        var best = search.best
        // Every device holds its own link; the top-level one only shapes how the file reads, so make it the first
        // device's and the others' read as differences from it.
        if let first = best.devices.first { best.network = first.network }
        return best
    }
}

/// One shrinking session: the smallest failing scenario so far and the runs left.
private struct Search {
    var best: Scenario
    /// The runs left; none once the deadline has passed.
    var budget: Int
    let deadline: ContinuousClock.Instant?
    let fails: (Scenario) -> Bool

    /// Keeps `candidate` if it is a valid file that still fails.
    @discardableResult
    mutating func attempt(_ candidate: Scenario) -> Bool {
        if let deadline, ContinuousClock.now >= deadline { budget = 0 }
        guard budget > 0, candidate != best else { return false }
        let text = ScenarioEncoder.text(of: candidate)
        guard case let .success(loaded) = ScenarioLoader.parse(Array(text.utf8), file: candidate.name + ".json") else {
            return false
        }
        budget -= 1
        guard fails(loaded) else { return false }
        best = loaded
        return true
    }

    /// Removes chunks of steps, halving the chunk down to single steps (ddmin's complement removal).
    mutating func removeSteps() {
        var chunk = max(1, best.timeline.count / 2)
        while chunk >= 1, budget > 0 {
            var start = 0
            while start < best.timeline.count, budget > 0 {
                var candidate = best
                candidate.timeline.removeSubrange(start..<min(start + chunk, candidate.timeline.count))
                if !attempt(candidate) { start += chunk }
            }
            chunk /= 2
        }
    }

    mutating func removeDevices() {
        for id in best.devices.map(\.id).reversed() where best.devices.count > 1 {
            var candidate = best
            candidate.devices.removeAll { $0.id == id }
            candidate.timeline = candidate.timeline.compactMap { step in
                guard step.devices.contains(id) else { return step }
                var kept = step
                kept.devices.removeAll { $0 == id }
                return kept.devices.isEmpty ? nil : kept
            }
            candidate.expect.records = [:]
            attempt(candidate)
        }
    }

    mutating func removeRecords() {
        for id in best.records.map(\.id).reversed() {
            var candidate = best
            candidate.records.removeAll { $0.id == id }
            candidate.timeline.removeAll { $0.action.recordID == id }
            candidate.expect.records[id] = nil
            attempt(candidate)
        }
    }

    /// Puts server, network, clock and sync settings back to their defaults, one at a time.
    mutating func simplifySettings() {
        let defaults = Scenario(name: best.name, devices: [])
        tryDefault(\.server.tombstoneRetention, defaults)
        tryDefault(\.server.changeTokenLifetime, defaults)
        tryDefault(\.server.batchLimit, defaults)
        tryDefault(\.server.atomicBatches, defaults)
        tryDefault(\.server.fetchPageSize, defaults)
        tryDefault(\.server.rateLimit, defaults)
        for index in best.devices.indices {
            var device = best.devices[index]
            for change in [{ (d: inout DeviceConfig) in d.network = NetworkConfig() },
                           { $0.network.latencyMin = $0.network.latencyMax },
                           { $0.network.requestLoss = 0 }, { $0.network.responseLoss = 0 }, { $0.network.duplicate = 0 },
                           { $0.clock = ClockConfig() }, { $0.clock.skew = .zero }, { $0.clock.driftPPM = 0 },
                           { $0.sync = SyncConfig() }] as [(inout DeviceConfig) -> Void] {
                change(&device)
                var candidate = best
                candidate.devices[index] = device
                if !attempt(candidate) { device = best.devices[index] }
            }
        }
    }

    private mutating func tryDefault<Value>(_ key: WritableKeyPath<Scenario, Value>, _ defaults: Scenario) {
        var candidate = best
        candidate[keyPath: key] = defaults[keyPath: key]
        attempt(candidate)
    }

    /// Removes fields from the initial records and from the steps that create or edit records.
    mutating func removeFields() {
        for index in best.records.indices {
            for name in best.records[index].fields.keys.sorted() {
                var candidate = best
                candidate.records[index].fields[name] = nil
                attempt(candidate)
            }
        }
        for index in best.timeline.indices {
            switch best.timeline[index].action {
            case let .create(record, type, fields):
                for name in fields.keys.sorted() {
                    guard case let .create(_, _, current) = best.timeline[index].action else { break }
                    var candidate = best
                    candidate.timeline[index].action = .create(record: record, type: type,
                                                               fields: current.filter { $0.key != name })
                    attempt(candidate)
                }
            case let .edit(record, set, _) where set.count > 1:
                for name in set.keys.sorted() {
                    guard case let .edit(_, current, unset) = best.timeline[index].action, current.count > 1 else { break }
                    var candidate = best
                    candidate.timeline[index].action = .edit(record: record, set: current.filter { $0.key != name },
                                                             unset: unset)
                    attempt(candidate)
                }
            default:
                break
            }
        }
    }

    /// Moves steps earlier, but not before 1s (a user's change at time 0 would tie with the records that exist at
    /// time 0), and shortens fault windows.
    mutating func shortenTimes() {
        var compressed = best
        for index in compressed.timeline.indices { compressed.timeline[index].at = .seconds(Int64(index + 1)) }
        attempt(compressed)
        for index in best.timeline.indices {
            let earliest = index == 0 ? min(.seconds(1), best.timeline[index].at) : best.timeline[index - 1].at
            var candidate = best
            candidate.timeline[index].at = earliest
            if !attempt(candidate), best.timeline[index].at.micros - earliest.micros > 1_000 {
                candidate.timeline[index].at = SimDuration(micros: (earliest.micros + best.timeline[index].at.micros) / 2000 * 1000)
                attempt(candidate)
            }
            if let window = best.timeline[index].action.window, window > .seconds(1) {
                candidate = best
                candidate.timeline[index].action = best.timeline[index].action.with(window: .millis(window.micros / 2000))
                attempt(candidate)
            }
        }
    }
}

extension Scenario {
    /// How big a scenario is, for shrinking: steps first, then devices, records and fields.
    var size: Int {
        timeline.count * 1_000 + devices.count * 100 + records.count * 10
            + records.map(\.fields.count).reduce(0, +) + timeline.map(\.action.fieldCount).reduce(0, +)
    }
}

extension StepAction {
    /// How many fields a create or an edit writes.
    var fieldCount: Int {
        switch self {
        case let .create(_, _, fields): return fields.count
        case let .edit(_, set, unset): return set.count + unset.count
        default: return 0
        }
    }

    /// The same windowed step with another length.
    func with(window span: SimDuration) -> StepAction {
        switch self {
        case let .tunnel(_, up, down): return .tunnel(duration: span, up: up, down: down)
        case .partition: return .partition(duration: span)
        case let .rateLimit(_, retryAfter): return .rateLimit(duration: span, retryAfter: retryAfter)
        case let .outage(_, retryAfter): return .outage(duration: span, retryAfter: retryAfter)
        case .zoneBusy: return .zoneBusy(duration: span)
        default: return self
        }
    }
}
