import Testing
@testable import SyncSimulator

/// A device reset with its delete on the way lists the record from before the delete: the comeback is the reset's.
@Suite struct ResetRaceZombieTests {
    private let path = "regressions/reset-with-delete-on-its-way-explains-comeback.json"

    @Test func theComebackIsPutDownToTheResetAndFuzzAcceptsIt() throws {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        let zombie = try #require(report.anomalies.first { $0.kind == .zombie })
        #expect(zombie.cause == .reset)
        #expect(zombie.sentence.hasSuffix(
            "; d3 was reset at 3m7s933ms with the delete on its way, and listed the record from before the delete reached the server."))
        #expect(Invariants.failures(in: report).isEmpty)
    }
}
