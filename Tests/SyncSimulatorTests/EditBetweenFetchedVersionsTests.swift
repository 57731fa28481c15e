import Testing
import SyncSimulator

/// A write made after one version set aside for a waiting save arrived, and before a newer one did, is on top of the
/// earlier one: when the save is acknowledged by an older version, the write is based on the earlier version and
/// meets the newer one as a conflict, so the device's side keeps what the earlier version brought.
@Suite struct EditBetweenFetchedVersionsTests {
    private let path = "regressions/edit-between-two-fetched-versions-is-based-on-earlier-one.json"

    @Test(arguments: [StrategySpec.lww(clock: .device), .clientWins])
    func theDevicesSideKeepsTheRatingItHadReceived(_ strategy: StrategySpec) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: Simulation.builtIn(strategy)).run()
        #expect(report.serverFields("r1") == ["title": .string("A1"), "rating": .number(5), "tags": .strings(["a"])])
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }

    @Test func whenTheServerSideWinsTheConcurrentTagGoes() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: Simulation.builtIn(.serverWins)).run()
        #expect(report.serverFields("r1") == ["title": .string("C1"), "rating": .number(5)])
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }
}
