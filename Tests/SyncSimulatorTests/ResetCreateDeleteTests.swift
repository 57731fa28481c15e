import Testing
@testable import SyncSimulator

/// A record created before a reset device has fetched anything may be the server's: its delete reaches the server.
@Suite struct ResetCreateDeleteTests {
    private let path = "regressions/reset-device-deleting-its-new-record-reaches-server.json"

    @Test func theDeleteReachesTheServerAndNothingComesBack() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        #expect(report.actual("zombies") == "0")
        #expect(report.server.first { $0.id == "r2" }?.fields == nil)
        #expect(report.conflicts.map(\.resolution) == ["kept the device's version"])
    }
}
