import Testing
@testable import SyncSimulator

/// An increment of a record whose save or delete waits for the user's decision waits for that decision too.
@Suite struct IncrementWaitsForUserDecisionTests {
    private let path = "regressions/increment-waits-for-conflict-shown-to-user.json"

    @Test func theResetWipesTheHeldEditAndTheIncrementAlike() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        #expect(report.actual("unexplainedLostUpdates") == "0")
        #expect(report.actual("lostUpdates") == "2")
        #expect(report.counters.errors["unknownItem"] == nil)
    }

    /// The increment went out with the save, which then met the tombstone: answered `unknownItem`, it waits too.
    @Test func anIncrementSentWithTheConflictingSaveWaitsForTheDecisionToo() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(
            "regressions/increment-sent-with-conflicting-save-waits-for-user.json")).run()
        #expect(report.passed)
        #expect(report.actual("unexplainedLostUpdates") == "0")
        #expect(report.actual("lostUpdates") == "2")
    }

    /// A save of n1, then an increment of n1, and an increment of another record.
    private func outbox() -> Outbox {
        let outbox = Outbox()
        outbox.add(.save(changed: ["title"]), record: "n1", action: 1)
        outbox.add(.increment(field: "plays", by: 2, action: 2, timestamp: 0), record: "n1", action: 2)
        outbox.add(.increment(field: "plays", by: 1, action: 3, timestamp: 0), record: "r1", action: 3)
        return outbox
    }

    @Test func anIncrementWaitsWhileItsRecordsSaveIsHeldForTheUser() {
        let held = outbox()
        held.update(serial: 0) { $0.state = .heldForUser }
        #expect(held.nextBatch(limit: 400, skipping: []) { _ in false }.map(\.serial) == [2])
        held.update(serial: 0) { $0.state = .waiting }
        #expect(held.nextBatch(limit: 400, skipping: []) { _ in false }.map(\.serial) == [0, 1, 2])
    }
}
