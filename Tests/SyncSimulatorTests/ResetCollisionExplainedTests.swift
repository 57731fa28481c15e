import Testing
@testable import SyncSimulator

/// A change or delete a reset device made to its own record under an id the server had unfetched is put down to the reset.
@Suite struct ResetCollisionExplainedTests {
    private let path = "regressions/reset-device-change-to-unfetched-id-is-explained.json"

    @Test func theLostUnsetHasTheResetAsItsCause() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed)
        let lost = report.anomalies.filter { $0.kind == .lostUpdate }
        #expect(lost.map(\.cause) == [.reset])
        #expect(lost.first?.sentence == "the edit of \"r4\".title (unset) on d1 at 1s is not in the end state (title is \"Jaws\"); d1 was reset at 1s and had not fetched \"r4\" since, so the change went to a record of its own under an id the server already had.")
    }

    /// A delete of such a record that server-wins undoes by keeping the server's version is the reset's zombie too.
    @Test func theComebackAfterTheDeleteHasTheResetAsItsCause() throws {
        let report = Simulation(scenario: SimulationTestSupport.bundled(
            "regressions/reset-device-delete-of-unfetched-id-is-explained.json")).run()
        #expect(report.passed)
        let zombie = try #require(report.anomalies.first { $0.kind == .zombie })
        #expect(zombie.cause == .reset)
        #expect(zombie.sentence.hasSuffix(
            "; d1 was reset at 1s and had not fetched \"r8\" since, so the delete went to a record of its own under an id the server already had."))
        #expect(Invariants.failures(in: report).isEmpty)
    }

    /// Only a change made after its device's reset, before it received the record, to a record committed before it.
    @Test func theClauseNeedsAResetAnUnfetchedRecordAndAServerCommit() {
        func clause(resetAt reset: SimDuration?, receivedTag: Int? = nil, committedAt commit: SimDuration = .zero) -> String? {
            let history = History()
            history.record(.commit(time: commit, record: "r4", tag: 0, device: nil, actions: [], deleted: false))
            if let reset { history.record(.reset(time: reset, device: "d1", wiped: [])) }
            let action = UserAction(number: 0, time: .seconds(5), device: "d1", record: "r4", kind: .delete,
                                    applied: true, receivedTag: receivedTag)
            history.record(action)
            return ActionFates(history: history).collisionClause(action)
        }
        #expect(clause(resetAt: .seconds(1)) != nil)
        #expect(clause(resetAt: nil) == nil)
        #expect(clause(resetAt: .seconds(6)) == nil)
        #expect(clause(resetAt: .seconds(1), receivedTag: 0) == nil)
        #expect(clause(resetAt: .seconds(1), committedAt: .seconds(9)) == nil)
    }
}
