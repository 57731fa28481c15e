import Testing
@testable import SyncSimulator

/// An increment made after a tombstone arrived, set aside for a save of its record still waiting, waits for that save.
@Suite struct IncrementAfterTombstoneWaitsTests {
    private let path = "regressions/increment-after-tombstone-waits-for-save-it-arrived-for.json"

    @Test func theIncrementIsSavedWithTheRecordMadeAnew() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        #expect(report.actual("unexplainedLostUpdates") == "0")
        #expect(report.counters.errors["unknownItem"] == nil)
    }

    /// A save of r1, then an increment of it.
    private func outbox() -> Outbox {
        let outbox = Outbox()
        outbox.add(.save(changed: ["title"]), record: "r1", action: 1)
        outbox.add(.increment(field: "plays", by: 2, action: 2, timestamp: 0), record: "r1", action: 2)
        return outbox
    }

    @Test func anIncrementMadeAfterTheTombstoneArrivedWaitsForTheSave() {
        // The tombstone arrived at serial 1: the increment was made after it.
        #expect(outbox().nextBatch(limit: 400, skipping: [], new: { _ in false }, tombstoneSince: { _ in 1 })
            .map(\.serial) == [0])
        #expect(outbox().nextBatch(limit: 400, skipping: [0], new: { _ in false }, tombstoneSince: { _ in 1 }).isEmpty)
    }

    @Test func anIncrementMadeBeforeTheTombstoneArrivedGoes() {
        #expect(outbox().nextBatch(limit: 400, skipping: [0], new: { _ in false }, tombstoneSince: { _ in 2 })
            .map(\.serial) == [1])
        #expect(outbox().nextBatch(limit: 400, skipping: [0], new: { _ in false }).map(\.serial) == [1])
    }

    @Test func anIncrementWithNoWriteWaitingGoes() {
        let outbox = outbox()
        outbox.remove(serial: 0)
        #expect(outbox.nextBatch(limit: 400, skipping: [], new: { _ in false }, tombstoneSince: { _ in 0 })
            .map(\.serial) == [1])
    }
}
