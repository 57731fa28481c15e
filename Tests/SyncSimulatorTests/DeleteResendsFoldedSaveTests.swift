import Testing
@testable import SyncSimulator

/// A save with an edit folded into it before it was first sent, sent and left unanswered, may have been committed:
/// a delete made then keeps it, to be resent first, so the delete goes on the version it committed.
@Suite struct DeleteResendsFoldedSaveTests {
    private let path = "regressions/delete-resends-save-with-folded-edit-sent-unanswered.json"

    @Test(arguments: [StrategySpec.serverWins, .clientWins, .lww(clock: .device)])
    func theRecordStaysDeleted(_ strategy: StrategySpec) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path), strategy: Simulation.builtIn(strategy)).run()
        #expect(report.serverFields("r1") == nil)
        #expect(report.actual("zombies") == "0")
    }

    @Test func aFoldBeforeTheFirstSendLeavesTheSaveAsSent() {
        let outbox = Outbox()
        let record = RecordID("r1")
        outbox.add(.save(changed: ["title"]), record: record, action: 0)
        outbox.add(.save(changed: ["rating"]), record: record, action: 1)
        outbox.update(serial: 0) { sent in
            sent.state.send()
            sent.sends += 1
            sent.sentSinceWritten = true
        }
        outbox.markUnsent(serial: 0)
        outbox.removeWaiting(for: record) { !$0.mayBeCommittedUnanswered }
        #expect(outbox.holds(serial: 0))
    }
}
