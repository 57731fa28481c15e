import Testing
import SyncSimulator

/// A version that differs from the one set aside for a waiting write only by an increment another device added counts
/// as received when that one was: the user's writes made since are on top of it too, whether it comes in a fetch (and
/// replaces the version set aside) or only in the answer to the write's conflict.
@Suite struct IncrementOnSetAsideVersionTests {
    private let path = "regressions/edit-after-version-arrived-stays-over-increment-added-to-it.json"
    private let merged: Fields = ["title": .string("Brazil"), "rating": .number(5), "plays": .number(1)]

    @Test func anEditMadeAfterTheVersionArrivedIsKeptOverTheFetchedIncrement() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.serverFields("r1") == merged)
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }

    /// Without the second partition, and with d2 online at 50.2 s, d1's resend leaves at once and meets r1#2, which it
    /// never fetched, as a conflict, while r1#1 is still the version set aside.
    private func metInTheConflict() -> Scenario {
        var scenario = SimulationTestSupport.bundled(path)
        scenario.timeline.removeAll { $0.at == .millis(50_200) }
        scenario.timeline[scenario.timeline.count - 1].at = .millis(50_200)
        return scenario
    }

    @Test func anEditMadeAfterTheVersionArrivedIsKeptOverTheIncrementMetInTheConflict() {
        let report = Simulation(scenario: metInTheConflict()).run()
        #expect(report.serverFields("r1") == merged)
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }

    @Test func whenTheServerSideWinsTheEditIsSavedOnTopOfTheIncrement() {
        let report = Simulation(scenario: metInTheConflict(), strategy: Simulation.builtIn(.serverWins)).run()
        // The rating, made before d1 received r1#1, goes with the change the conflict was about.
        #expect(report.serverFields("r1") == ["title": .string("Brazil"), "plays": .number(1)])
        #expect(report.actual("unexplainedLostUpdates") == "0")
    }
}
