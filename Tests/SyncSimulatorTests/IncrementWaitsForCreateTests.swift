import Testing
@testable import SyncSimulator

/// An increment of a record the server may not have yet is never sent ahead of the save that creates it.
@Suite struct IncrementWaitsForCreateTests {
    private let path = "regressions/increment-waits-for-create-left-out-of-batch.json"

    @Test func theIncrementIsNotAnsweredUnknownItemAndTheResetExplainsItsLoss() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        #expect(report.actual("unexplainedLostUpdates") == "0")
        #expect(report.counters.errors["unknownItem"] == nil)
    }

    /// A create tried already in this sync, then an increment of the same record.
    private func outbox() -> Outbox {
        let outbox = Outbox()
        outbox.add(.replace, record: "n1", action: 1)
        outbox.add(.increment(field: "plays", by: 3, action: 2, timestamp: 0), record: "n1", action: 2)
        return outbox
    }

    @Test func anIncrementOfANewRecordWaitsForItsCreate() {
        #expect(outbox().nextBatch(limit: 400, skipping: [0]) { _ in true }.isEmpty)
        #expect(outbox().nextBatch(limit: 1, skipping: []) { _ in true }.map(\.serial) == [0])
        #expect(outbox().nextBatch(limit: 400, skipping: []) { _ in true }.map(\.serial) == [0, 1])
    }

    @Test func anIncrementOfARecordTheServerHasGoesAheadOfAWaitingSave() {
        #expect(outbox().nextBatch(limit: 400, skipping: [0]) { _ in false }.map(\.serial) == [1])
    }
}
