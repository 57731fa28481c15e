import Testing
@testable import SyncSimulator

/// A save written after an increment of its record was sent waits for that increment's answer, even when the save
/// was first queued before the increment.
@Suite struct SaveWaitsForUnansweredIncrementTests {
    private let path = "regressions/save-resolved-from-conflict-waits-for-unanswered-increment.json"

    @Test func theIncrementTheServerCommittedUnansweredIsKept() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        #expect(report.actual("unexplainedLostUpdates") == "0")
        #expect(report.server.first { $0.id == "r9" }?.fields?["plays"] == .number(1))
    }

    /// A save of r1 queued first, then an increment of r1 that was sent and has no answer yet.
    private func outbox() -> Outbox {
        let outbox = Outbox()
        outbox.add(.save(changed: ["title"]), record: "r1", action: 1)
        outbox.add(.increment(field: "plays", by: 1, action: 2, timestamp: 0), record: "r1", action: 2)
        outbox.update(serial: 1) { $0.sends = 1 }
        return outbox
    }

    @Test func aSaveQueuedBeforeTheIncrementAndUnchangedSinceGoesFirst() {
        #expect(outbox().nextBatch(limit: 400, skipping: []) { _ in false }.map(\.serial) == [0, 1])
    }

    @Test func aSaveRebuiltAfterTheIncrementWasSentWaitsForItsAnswer() {
        let outbox = outbox()
        let written = outbox.nextSerial
        outbox.update(serial: 0) { $0.writtenAt = written }
        #expect(outbox.nextBatch(limit: 400, skipping: []) { _ in false }.map(\.serial) == [1])
        outbox.remove(serial: 1)
        #expect(outbox.nextBatch(limit: 400, skipping: []) { _ in false }.map(\.serial) == [0])
    }

    @Test func anEditFoldedIntoTheSaveMakesItWait() {
        let outbox = outbox()
        outbox.add(.save(changed: ["rating"]), record: "r1", action: 3)
        #expect(outbox.nextBatch(limit: 400, skipping: []) { _ in false }.map(\.serial) == [1])
    }

    @Test func aSaveOfARecordTheServerHasNotAcknowledgedDoesNotWait() {
        let outbox = outbox()
        outbox.add(.save(changed: ["rating"]), record: "r1", action: 3)
        #expect(outbox.nextBatch(limit: 400, skipping: []) { _ in true }.map(\.serial) == [0, 1])
    }
}
