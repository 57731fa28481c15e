import Testing
@testable import SyncSimulator

/// A record that comes back twice, first for a reason and then for none, is reported with the unexplained return.
@Suite struct LaterZombieTests {
    @Test func theUnexplainedReturnIsTheOneReported() {
        let report = Simulation(
            scenario: SimulationTestSupport.bundled("zombies/explained-comeback-does-not-hide-a-later-one.json")).run()
        #expect(report.passed)
        let zombies = report.anomalies(.zombie)
        #expect(zombies.map(\.sentence) == [
            "\"r1\" was deleted on d1 at 1m1s and came back to life on d1 at 1m20s165ms with no user change after the delete.",
        ])
        #expect(zombies.map(\.cause) == [nil])
        // `fuzz` fails a seed on such a zombie: the hard-deleting client is caught.
        #expect(Invariants.failures(in: report).map(\.kind) == [.zombie])
    }
}
