import Testing
import SyncSimulator

/// The bundled suite: each scenario's expectations hold, with the outcomes its description tells.
@Suite struct BundledScenarioTests {
    @Test(arguments: SimulationTestSupport.bundledPaths)
    func everyBundledScenarioPasses(path: String) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.result == .passed, "\(path): \(report.expectations.filter { !$0.held })")
    }

    @Test func theSuiteHoldsTheScenariosTheIssueNames() {
        #expect(SimulationTestSupport.bundledPaths.count >= 11)
    }

    @Test func zombieAfterLongOfflineComesBackOnEveryDevice() throws {
        let report = Simulation(scenario: SimulationTestSupport.bundled("zombies/zombie-after-long-offline.json")).run()
        let zombie = try #require(report.anomalies(.zombie).first)
        #expect(zombie.record == "fav1")
        #expect(zombie.devices == ["iPad", "iPhone"])
        #expect(zombie.times.first == .minutes(3))
        #expect(zombie.sentence.hasPrefix("\"fav1\" was deleted on iPad at 3m and came back to life on the server at 31d"))
        #expect(zombie.sentence.contains("(saved by iPhone)"))
        #expect(report.serverFields("fav1") == ["title": .string("Up"), "rating": .number(5)])
        #expect(report.counters.errors["changeTokenExpired"] == 1)
    }

    @Test func sixtyDayRetentionKeepsTheDeleteAndReportsTheDroppedEdit() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("zombies/tombstone-outlives-offline-device.json")).run()
        #expect(report.actual("zombies") == "0")
        #expect(report.serverFields("fav1") == nil)
        #expect(report.devices.allSatisfy { $0.records.isEmpty })
        #expect(report.anomalies(.editDroppedByDelete).map(\.sentence) == [
            "the edit of \"fav1\" on iPhone at 2m was dropped by the delete on iPad at 3m, which had not seen it.",
        ])
        #expect(report.counters.conflicts == 1)
    }

    @Test func hardDeleteClientSeesTheRecordComeBack() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("zombies/hard-delete-resurrects.json")).run()
        #expect(report.actual("zombies") == "1")
        #expect(report.anomalies(.zombie).first?.sentence.contains("on iPhone at 6m") == true)
    }

    @Test func incrementWithoutKeysIsCountedSeveralTimes() throws {
        let report = Simulation(scenario: SimulationTestSupport.bundled("retries/increment-twice-without-idempotency-keys.json")).run()
        let duplicate = try #require(report.anomalies(.duplicate).first)
        #expect(duplicate.sentence.hasPrefix("the increment of \"song1\".playCount by 1 on iPhone at 1m is counted"))
        let plays = report.serverFields("song1")?["playCount"]?.number ?? 0
        #expect(plays > 11)
        #expect(report.counters.timeouts > 0)
        #expect(report.counters.retries > 0)
    }

    @Test func incrementWithKeysIsCountedOnce() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("retries/increment-once-with-idempotency-keys.json")).run()
        #expect(report.serverFields("song1")?["playCount"] == .number(11))
        #expect(report.anomalies(.duplicate).isEmpty)
        #expect(report.counters.responsesLost > 0)
    }

    @Test func fastClockWinsWithAnOlderEdit() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("clocks/fast-clock-wins-lww.json")).run()
        #expect(report.anomalies(.lostUpdate).map(\.sentence) == [
            "the edit of \"fav1\".rating to 2 on iPad at 5m is not in the end state (rating is 5); the edit of \"fav1\" on iPhone at 2m was concurrent with it, and the conflict on iPhone at 10m165ms decided it: lww kept iPhone's change at 2m, stamped 12m by a fast clock, over the server's version stamped 5m, though by true time it would have gone the other way.",
        ])
    }

    @Test func wholeRecordLWWLosesTheOtherDevicesField() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("conflicts/two-devices-edit-offline.json")).run()
        #expect(report.anomalies(.lostUpdate).map(\.record) == ["fav1"])
        #expect(report.actual("converged")?.hasPrefix("converged, quiet at") == true)
        #expect(report.devices.allSatisfy { $0.matchesServer })
    }
}
