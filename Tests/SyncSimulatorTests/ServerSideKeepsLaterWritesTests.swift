import Testing
import SyncSimulator

/// When the server's side wins a conflict, the device drops the change the conflict was about; changes the user made
/// after the device received the version that wins are new changes on top of it and are saved on it, whether the
/// strategy or the user decided. Changes made before it arrived are concurrent with it and go with the dropped one.
@Suite struct ServerSideKeepsLaterWritesTests {
    private let path = "regressions/server-side-win-keeps-edit-made-after-its-version-arrived.json"
    private let kept: Fields = ["title": .string("Ran"), "rating": .number(2), "tags": .strings(["a"])]

    @Test func aKeepServerDecisionKeepsAnEditMadeAfterTheVersionArrived() {
        let strategy = Simulation.builtIn(.userChoice(choice: .keepServer, decideAfter: .minutes(1)))
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: strategy).run()
        #expect(report.serverFields("r1") == kept)
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }

    @Test func aKeepServerDecisionKeepsAnEditMadeWhileTheConflictWasShown() {
        // Without the rate limit d1's rename meets d2's version at 3 s, and the user tags r1 at 30 s, while the
        // conflict waits for the decision at 1m3s.
        var scenario = SimulationTestSupport.bundled(path)
        scenario.timeline.remove(at: 2)
        scenario.timeline[scenario.timeline.count - 1].at = .seconds(30)
        let strategy = Simulation.builtIn(.userChoice(choice: .keepServer, decideAfter: .minutes(1)))
        let report = Simulation(scenario: scenario, strategy: strategy).run()
        #expect(report.conflictsShown.map(\.shownAt) == [.seconds(3) + .millis(165)])
        #expect(report.serverFields("r1") == kept)
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }

    @Test func anEditMadeBeforeTheVersionArrivedIsDroppedWithTheConflictingChange() {
        // The tag at 3.2 s: after the refused save, before the fetch that brings d2's version answers at 3.33 s.
        var scenario = SimulationTestSupport.bundled(path)
        scenario.timeline[scenario.timeline.count - 1].at = .millis(3200)
        let report = Simulation(scenario: scenario).run()
        #expect(report.serverFields("r1") == ["title": .string("Ran"), "rating": .number(2)])
        #expect(report.actual("lostUpdates") == "2")
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }
}
