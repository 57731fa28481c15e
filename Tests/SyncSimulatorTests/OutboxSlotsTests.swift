import Testing
@testable import SyncSimulator

/// The outbox finds its changes by serial and keeps them in the order made while removed ones are dropped.
@Suite struct OutboxSlotsTests {
    /// 300 increments of three records, serials 0 to 299.
    private func outbox() -> Outbox {
        let outbox = Outbox()
        for number in 0..<300 {
            outbox.add(.increment(field: "plays", by: 1, action: number, timestamp: 0),
                       record: RecordID("r\(number % 3)"), action: number)
        }
        return outbox
    }

    @Test func removingTheOldestKeepsEverySerialAndTheOrder() {
        let outbox = outbox()
        // Past 158 removed, the empty slots outnumber the changes by more than 16 and are dropped, so serial 170
        // and those after 158 are found by a binary search from then on.
        for serial in 0..<200 where serial != 170 { outbox.remove(serial: serial) }
        #expect(outbox.count == 101)
        #expect(outbox.nextSerial == 300)
        #expect(!outbox.holds(serial: 10) && outbox.holds(serial: 170) && outbox.holds(serial: 299))
        #expect(!outbox.holds(serial: 300) && !outbox.holds(serial: -1))
        let batch = outbox.nextBatch(limit: 5, skipping: [201], new: { _ in false })
        #expect(batch.map(\.serial) == [170, 200, 202, 203, 204])
        #expect(outbox.pendingIncrements(of: "r2").map(\.action).prefix(3) == [170, 200, 203])
        outbox.add(.delete, record: "r1", action: 300)
        #expect(outbox.holds(serial: 300))
        #expect(outbox.actions.count == 102)
    }

    /// Empty slots are dropped once they outnumber the changes by more than 16, not before: a batch scan walks them.
    @Test func emptySlotsAreDroppedOnceTheyOutnumberTheChangesBy16() {
        let outbox = outbox()
        for serial in 0..<158 { outbox.remove(serial: serial) }
        #expect(outbox.count == 142 && outbox.slotCount == 300)
        // The removed changes still lie in their slots: scans and listings pass over them.
        #expect(outbox.nextBatch(limit: 3, skipping: [], new: { _ in false }).map(\.serial) == [158, 159, 160])
        #expect(outbox.actions.count == 142 && outbox.actions.first == 158)
        #expect(outbox.pendingIncrements(of: "r0").first?.action == 159)
        outbox.remove(serial: 158)
        #expect(outbox.count == 141 && outbox.slotCount == 141)
    }

    /// After scattered removals that drop empty slots, every serial still held is found and no other is.
    @Test func everyHeldSerialIsFoundAfterScatteredRemovals() {
        let outbox = outbox()
        var held = Set(0..<300)
        for serial in 0..<300 where serial % 7 != 3 && serial % 11 != 5 {
            outbox.remove(serial: serial)
            held.remove(serial)
        }
        #expect(outbox.count == held.count)
        #expect((-2..<302).filter(outbox.holds(serial:)) == held.sorted())
    }

    @Test func serialsGoOnAfterEverythingIsRemoved() {
        let outbox = outbox()
        outbox.update(serial: 299) { $0.state = .inFlight }
        outbox.clearInFlight()
        #expect(outbox.nextBatch(limit: 400, skipping: [], new: { _ in false }).count == 300)
        outbox.removeAll()
        #expect(outbox.isEmpty && outbox.count == 0 && !outbox.hasChanges(for: "r0"))
        outbox.add(.delete, record: "r0", action: 1)
        #expect(outbox.nextBatch(limit: 10, skipping: [], new: { _ in false }).map(\.serial) == [300])
    }

    /// A record's pending increments, and whether a save or delete of it waits, follow its changes as they come,
    /// turn into saves and back, and go: the outbox counts each record's increments instead of walking its changes.
    @Test func pendingIncrementsAndWritesFollowChangesOfKind() {
        let outbox = Outbox()
        let save = outbox.add(.replace, record: "r", action: 1)
        #expect(outbox.pendingIncrements(of: "r").isEmpty && outbox.hasWrite(for: "r"))
        let increment = outbox.add(.increment(field: "plays", by: 2, action: 2, timestamp: 0), record: "r", action: 2)
        outbox.add(.increment(field: "plays", by: 1, action: 3, timestamp: 0), record: "s", action: 3)
        #expect(outbox.pendingIncrements(of: "r").map(\.action) == [2] && !outbox.hasWrite(for: "s"))
        outbox.remove(serial: save)
        #expect(!outbox.hasWrite(for: "r") && outbox.hasChanges(for: "r"))
        // The record's one change turns into a save, so a save of it waits; then back into an increment.
        outbox.rewrite(serial: increment, as: .replace)
        #expect(outbox.hasWrite(for: "r") && outbox.pendingIncrements(of: "r").isEmpty)
        #expect(outbox.pendingIncrements(of: "s").map(\.action) == [3])
        outbox.update(serial: increment) { $0.kind = .increment(field: "plays", by: 2, action: 2, timestamp: 0) }
        #expect(!outbox.hasWrite(for: "r") && outbox.pendingIncrements(of: "r").map(\.by) == [2])
        outbox.remove(serial: increment)
        #expect(outbox.pendingIncrements(of: "r").isEmpty && !outbox.hasChanges(for: "r"))
        outbox.add(.increment(field: "plays", by: 5, action: 4, timestamp: 0), record: "r", action: 4)
        #expect(outbox.pendingIncrements(of: "r").map(\.action) == [4] && !outbox.hasWrite(for: "r"))
    }
}
