import Testing
@testable import SyncSimulator

/// `Shrinker` keeps a failure while it removes what the failure does not need, and every step it keeps is needed.
@Suite struct ShrinkerTests {
    /// Whether the run's first broken invariant is `failure` (same class, record or device), as the shrinker keeps it.
    private static func fails(_ scenario: Scenario, with failure: FuzzFailure) -> Bool {
        Invariants.failures(in: Simulation(scenario: scenario).run()).first.map(failure.matches) ?? false
    }

    /// Whether the scenario, written out, is a file the loader accepts.
    private static func isValid(_ scenario: Scenario) -> Bool {
        if case .success = ScenarioLoader.parse(Array(ScenarioEncoder.text(of: scenario).utf8), file: "candidate.json") {
            return true
        }
        return false
    }

    /// The indices of the steps that can go with the failure kept (and the file still valid); empty when all are needed.
    private static func removableSteps(_ scenario: Scenario, keeping failure: FuzzFailure) -> [Int] {
        scenario.timeline.indices.filter { index in
            var candidate = scenario
            candidate.timeline.remove(at: index)
            return isValid(candidate) && fails(candidate, with: failure)
        }
    }

    @Test func aHardDeleteZombieShrinksToStepsThatAreAllNeeded() throws {
        let scenario = ExplorationTestSupport.noisyZombie
        let failure = try #require(Invariants.failures(in: Simulation(scenario: scenario).run()).first)
        #expect(failure.description == #"zombie on "fav1""#)
        let minimal = Shrinker().shrink(scenario, keeping: failure)
        #expect(Self.fails(minimal, with: failure))
        #expect(Self.removableSteps(minimal, keeping: failure) == [])
        #expect(minimal.timeline.count < scenario.timeline.count)
        #expect(minimal.devices.map(\.id) == ["iPhone"])
        #expect(minimal.records.map(\.id) == ["fav1"])
        #expect(minimal.timeline.contains { $0.action == .delete(record: "fav1") })
    }

    /// The first seed of 2 devices and 10 actions that a hard-delete client fails, shrunk as `fuzz` shrinks it.
    @Test func aGeneratedHardDeleteFailureShrinksToStepsThatAreAllNeeded() throws {
        let fuzzer = Fuzzer(settings: ExplorationTestSupport.smallHardDeletes)
        let outcome = try #require((1...30 as ClosedRange<UInt64>).lazy.map(fuzzer.run).first { $0.failure != nil })
        let failure = try #require(outcome.failure)
        #expect(outcome.seed == 3)
        #expect(failure.description == #"no-convergence on "r2""#)
        let minimal = Shrinker().shrink(outcome.scenario, keeping: failure)
        #expect(Self.fails(minimal, with: failure))
        #expect(Self.removableSteps(minimal, keeping: failure) == [])
        #expect(minimal.timeline.count < outcome.scenario.timeline.count)
        #expect(minimal.devices.count <= outcome.scenario.devices.count)
        #expect(minimal.records.count <= outcome.scenario.records.count)
    }

    /// With the correct client the same seed passes, so what the shrinker kept is the hard-delete bug.
    @Test func theShrunkGeneratedFailurePassesWithTheCorrectClient() throws {
        let outcome = Fuzzer(settings: ExplorationTestSupport.smallHardDeletes).run(seed: 3)
        let failure = try #require(outcome.failure)
        var minimal = Shrinker().shrink(outcome.scenario, keeping: failure)
        for index in minimal.devices.indices { minimal.devices[index].client = ClientConfig() }
        #expect(Invariants.failures(in: Simulation(scenario: minimal).run()) == [])
    }

    @Test func shrinkingWhileAPredicateHoldsSeesOnlyValidCandidates() throws {
        var settings = FuzzSettings()
        settings.devices = 3
        settings.actions = 30
        let scenario = ScenarioGenerator.scenario(seed: 3, settings: settings)
        func deletes(_ scenario: Scenario) -> Int {
            scenario.timeline.filter { if case .delete = $0.action { true } else { false } }.count
        }
        try #require(deletes(scenario) >= 2)
        var seen = 0
        var invalid = 0
        let minimal = Shrinker().shrink(scenario) { candidate in
            seen += 1
            if !Self.isValid(candidate) { invalid += 1 }
            return deletes(candidate) >= 2
        }
        #expect(seen > 0)
        #expect(invalid == 0)
        #expect(minimal.timeline.count == 2)
        #expect(deletes(minimal) == 2)
        // Steps move earlier, but not before 1s: a change at time 0 would tie with the records that exist then.
        #expect(minimal.timeline.map(\.at) == [.seconds(1), .seconds(1)])
    }

    @Test func maxRunsBoundsTheCandidatesRun() {
        let scenario = ScenarioGenerator.scenario(seed: 3, settings: FuzzSettings())
        var seen = 0
        let minimal = Shrinker(maxRuns: 5).shrink(scenario) { _ in
            seen += 1
            return true
        }
        #expect(seen == 5)
        #expect(minimal.timeline.count < scenario.timeline.count)
        #expect(Shrinker(maxRuns: 0).shrink(scenario) { _ in true } == scenario)
    }

    /// A deadline stops the shrinker with the smallest failing scenario so far: at once when it has passed, and
    /// after the run that crosses it otherwise; a deadline far off changes nothing.
    @Test func aDeadlineStopsTheCandidatesRun() {
        let scenario = ScenarioGenerator.scenario(seed: 3, settings: FuzzSettings())
        var seen = 0
        let passed = Shrinker(deadline: .now - .seconds(1)).shrink(scenario) { _ in
            seen += 1
            return true
        }
        #expect(seen == 0 && passed == scenario)
        let crossing = ContinuousClock.now + .milliseconds(50)
        seen = 0
        let cut = Shrinker(deadline: crossing).shrink(scenario) { _ in
            seen += 1
            while ContinuousClock.now < crossing {}
            return true
        }
        #expect(seen == 1 && cut.timeline.count < scenario.timeline.count)
        let far = Shrinker(deadline: .now + .seconds(3_600)).shrink(scenario) { $0.timeline.count >= 3 }
        #expect(far == Shrinker().shrink(scenario) { $0.timeline.count >= 3 })
    }
}
