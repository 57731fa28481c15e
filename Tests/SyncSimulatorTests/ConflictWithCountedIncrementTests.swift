import Testing
import SyncSimulator

/// A save resent with an increment whose first commit lost its answer: the side a conflict keeps counts that increment.
@Suite struct ConflictWithCountedIncrementTests {
    private let path = "regressions/winning-save-keeps-increment-its-conflict-already-counts.json"

    @Test(arguments: [StrategySpec.lww(clock: .device), .clientWins, .fieldMerge(rules: [:])])
    func theDevicesSideKeepsTheIncrementTheServerCounted(strategy: StrategySpec) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: Simulation.builtIn(strategy)).run()
        #expect(report.serverFields("r1") == ["title": .string("Up"), "plays": .number(2)])
        #expect(report.actual("lostUpdates") == "0")
        #expect(report.counters.conflicts == 1)
        #expect(report.counters.errors["serverRecordChanged"] == 1)
    }
}
