import Testing
@testable import SyncSimulator

/// `ScenarioGenerator` draws the same valid scenario from the same seed and settings, and honours the settings.
@Suite struct GeneratorTests {
    @Test func theSameSeedAndSettingsGiveTheSameScenarioAndText() {
        for seed: UInt64 in [1, 7, 12_345] {
            let one = ScenarioGenerator.scenario(seed: seed, settings: FuzzSettings())
            let other = ScenarioGenerator.scenario(seed: seed, settings: FuzzSettings())
            #expect(one == other)
            #expect(ScenarioEncoder.text(of: one) == ScenarioEncoder.text(of: other))
        }
    }

    @Test func differentSeedsGiveDifferentScenarios() {
        let texts = (1...50 as ClosedRange<UInt64>).map { seed in
            ScenarioEncoder.text(of: ScenarioGenerator.scenario(seed: seed, settings: ExplorationTestSupport.small))
        }
        #expect(Set(texts).count == 50)
        let one = ScenarioGenerator.scenario(seed: 1, settings: ExplorationTestSupport.small)
        var two = ScenarioGenerator.scenario(seed: 2, settings: ExplorationTestSupport.small)
        #expect(two.name == "seed-2" && two.seed == 2)
        two.name = one.name
        two.seed = one.seed
        two.description = one.description
        #expect(two.timeline != one.timeline)
    }

    /// Seeds 1 to 200, with settings varied by seed: each encodes to a file the loader reads back to an equal scenario.
    @Test func everyGeneratedScenarioIsAValidFile() {
        let clients: [[String]] = [[], ["deletes=hard"], ["idempotencyKeys=false", "retry.base=2s"],
                                   ["clearDirty=on-send", "onRateLimit=drop"], ["onUnknownItem=reupload"]]
        var invalid: [String] = []
        for seed in 1...200 as ClosedRange<UInt64> {
            var settings = FuzzSettings()
            settings.devices = 1 + Int(seed % 4)
            settings.actions = 5 + Int(seed % 30)
            settings.strategy = StrategySpec.builtIns[Int(seed % 5)]
            settings.client = try! ClientConfig.parsing(clients[Int(seed / 5 % 5)]).get()
            let scenario = ScenarioGenerator.scenario(seed: seed, settings: settings)
            let text = ScenarioEncoder.text(of: scenario)
            switch ScenarioLoader.parse(Array(text.utf8), file: "seed-\(seed).json") {
            case let .success(loaded) where loaded == scenario:
                continue
            case .success:
                invalid.append("seed \(seed): loads to a different scenario")
            case let .failure(error):
                invalid.append("seed \(seed): \(error)")
            }
        }
        #expect(invalid == [])
    }

    @Test func theSettingsAreHonoured() throws {
        var settings = FuzzSettings()
        settings.devices = 4
        settings.actions = 17
        settings.records = 3
        settings.strategy = .serverWins
        settings.client = try ClientConfig.parsing(["deletes=hard", "idempotencyKeys=false"]).get()
        #expect(settings.client.deletes == .hard && !settings.client.idempotencyKeys)
        for seed: UInt64 in 1...20 {
            let scenario = ScenarioGenerator.scenario(seed: seed, settings: settings)
            #expect(scenario.devices.map(\.id) == ["d1", "d2", "d3", "d4"])
            #expect(scenario.timeline.filter { $0.action.recordID != nil }.count == 17)
            #expect(scenario.strategy == .serverWins)
            #expect(scenario.devices.allSatisfy { $0.client == settings.client })
            #expect((1...3).contains(scenario.records.count))
            #expect(scenario.timeline.map(\.at) == scenario.timeline.map(\.at).sorted())
        }
    }

    /// A run is given 2 hours to converge, and under `user-choice` four decision delays more: a decision can meet a
    /// newer version and be shown again, device after device (seeds 12108 and 4802 of keep-local with a 30 minute
    /// delay converge after 2 hours, and within 3).
    @Test func theConvergenceWindowAllowsForTheUsersDecisions() {
        var settings = FuzzSettings()
        #expect(ScenarioGenerator.scenario(seed: 1, settings: settings).expect.within == .hours(2))
        settings.strategy = .userChoice(choice: .keepLocal, decideAfter: .minutes(30))
        #expect(ScenarioGenerator.scenario(seed: 1, settings: settings).expect.within == .hours(4))
        for seed: UInt64 in [12108, 4802] {
            #expect(Simulation(scenario: ScenarioGenerator.scenario(seed: seed, settings: settings)).run().passed)
        }
    }
}
