import Testing
import SyncSimulator

/// A save waiting for the answer of an increment sent before takes that answer as its base when it comes; a version
/// set aside that only the device's own later increment built on it becomes the save's base then, so the save does
/// not meet the device's own increment as a conflict.
@Suite struct IncrementResendBaseTests {
    private let path = "regressions/edit-waiting-for-increment-resend-builds-on-own-later-increment.json"

    @Test(arguments: [StrategySpec.serverWins, .lww(clock: .device), .clientWins])
    func theTitleAndBothIncrementsReachTheServer(_ strategy: StrategySpec) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: Simulation.builtIn(strategy)).run()
        #expect(report.serverFields("r1") == ["title": .string("A1"), "plays": .number(5)])
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }
}
