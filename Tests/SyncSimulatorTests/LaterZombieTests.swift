import Testing
@testable import SyncSimulator

/// A record that comes back twice, first for a reason (a concurrent change, an edit made before the delete was seen)
/// and then for none, is reported with the unexplained return.
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

    @Test func aResurrectionByAnEditDoesNotHideALaterZombie() {
        let report = Simulation(
            scenario: SimulationTestSupport.bundled("zombies/edit-resurrection-does-not-hide-a-later-zombie.json")).run()
        #expect(report.passed)
        #expect(report.anomalies(.resurrectedByEdit).map(\.sentence) == [
            "\"r1\" was deleted on d1 at 10s, edited on d2 at 15s before it had seen the delete, and is live again on the server at 30s415ms (saved by d2) and on d1 at 30s660ms.",
        ])
        let zombies = report.anomalies(.zombie)
        #expect(zombies.map(\.sentence) == [
            "\"r1\" was deleted on d1 at 1m1s and came back to life on d1 at 1m20s165ms with no user change after the delete.",
        ])
        #expect(zombies.map(\.cause) == [nil])
        #expect(Invariants.failures(in: report).map(\.kind) == [.zombie])
    }
}
