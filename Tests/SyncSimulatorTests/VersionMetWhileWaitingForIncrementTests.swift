import Testing
import SyncSimulator

/// A save meets a conflict while an increment of its record sent before is unanswered, and waits for that answer:
/// the version the conflict brought is received all the same, so changes the user makes meanwhile build on it.
@Suite struct VersionMetWhileWaitingForIncrementTests {
    private let path = "regressions/delete-is-based-on-version-met-by-save-waiting-for-increment.json"

    @Test(arguments: [StrategySpec.lww(clock: .device), .serverWins, .clientWins, .fieldMerge(rules: [:]),
                      .userChoice(choice: .keepServer, decideAfter: .minutes(1))])
    func aDeleteMadeMeanwhileIsBasedOnThatVersion(strategy: StrategySpec) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: Simulation.builtIn(strategy)).run()
        #expect(report.serverFields("fav1") == nil)
        #expect(report.actual("zombies") == "0")
        // Only the save meets a conflict; the delete goes on the increment's answer, built on the version it met.
        #expect(report.counters.conflicts == 1)
    }

    @Test func anEditMadeMeanwhileIsKeptOverThatVersionWhenTheServerWins() {
        var scenario = SimulationTestSupport.bundled(path)
        scenario.timeline[scenario.timeline.count - 1].action = .edit(record: "fav1", set: ["rating": .number(5)], unset: [])
        let report = Simulation(scenario: scenario, strategy: Simulation.builtIn(.serverWins)).run()
        #expect(report.serverFields("fav1") == ["title": .string("Heat"), "plays": .number(1), "rating": .number(5)])
        // The tag, made before the iPhone received the iPad's title, is lost to it; the rating is not.
        #expect(report.actual("lostUpdates") == "1")
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }
}
