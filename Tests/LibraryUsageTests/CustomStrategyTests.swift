import Testing
import SyncSimulator

/// A library user's own conflict strategy, plugged into the engine from Swift, as their package would.
@Suite struct CustomStrategyTests {
    /// Keeps the higher rating whichever side has it, and the server's version of every other field.
    struct HigherRatingWins: ConflictStrategy {
        var name: String { "higher-rating-wins" }

        func resolve(_ conflict: Conflict) -> Resolution {
            guard var merged = conflict.server.fields, let local = conflict.local.fields else { return .keepServer }
            if let mine = local["rating"]?.number, mine > (merged["rating"]?.number ?? 0) {
                merged["rating"] = .number(mine)
            }
            return .merged(merged)
        }
    }

    private func scenario() -> Scenario {
        var scenario = Scenario(name: "ratings", devices: [DeviceConfig(id: "iPhone"), DeviceConfig(id: "iPad")])
        scenario.records = [RecordSpec(id: "fav1", type: "Favorite", fields: ["title": .string("Up"), "rating": .number(3)])]
        scenario.timeline = [
            TimelineStep(at: .minutes(1), devices: ["iPhone"], action: .offline),
            TimelineStep(at: .minutes(2), devices: ["iPhone"], action: .edit(record: "fav1", set: ["rating": .number(5)], unset: [])),
            TimelineStep(at: .minutes(3), devices: ["iPad"],
                         action: .edit(record: "fav1", set: ["rating": .number(4), "title": .string("Up!")], unset: [])),
            TimelineStep(at: .minutes(10), devices: ["iPhone"], action: .online),
        ]
        return scenario
    }

    @Test func aConformingTypeDecidesTheConflict() {
        let report = Simulation(scenario: scenario(), strategy: HigherRatingWins()).run()
        #expect(report.strategy == "higher-rating-wins")
        #expect(report.server.first?.fields == ["title": .string("Up!"), "rating": .number(5)])
        #expect(report.counters.conflicts == 1)
        #expect(report.devices.allSatisfy { $0.matchesServer })
        // The iPad's later rating of 4 is discarded by the rule: a lost update, as the format defines it.
        #expect(report.anomalies.filter { $0.kind == .lostUpdate }.map(\.sentence) == [
            "the edit of \"fav1\".rating to 4 on iPad at 3m is not in the end state (rating is 5); the edit of \"fav1\" on iPhone at 2m was concurrent with it, and the conflict on iPhone at 10m165ms decided it: higher-rating-wins merged iPhone's change stamped 2m with the server's version stamped 3m.",
        ])
    }

    @Test func aClosureWorksAsAStrategy() {
        let strategy = ClosureStrategy(name: "always-local") { _ in .keepLocal }
        let report = Simulation(scenario: scenario(), strategy: strategy).run()
        #expect(report.strategy == "always-local")
        #expect(report.server.first?.fields == ["title": .string("Up"), "rating": .number(5)])
    }

    @Test func aLoadedScenarioCanBeAssertedOnWithExpectations() throws {
        var loaded = try ScenarioLoader.parse(Array("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 3}}],
         "timeline": [{"at": "1m", "device": "iPhone", "do": "offline"},
                      {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
                      {"at": "3m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"rating": 4}},
                      {"at": "10m", "device": "iPhone", "do": "online"}],
         "expect": {"records": {"fav1": {"fields": {"rating": 5}}}, "lostUpdates": 1}}
        """.utf8), file: "mine.json").get()
        loaded.seed = 3
        let report = Simulation(scenario: loaded, strategy: HigherRatingWins()).run()
        #expect(report.passed)
        #expect(report.seed == 3)
    }
}
