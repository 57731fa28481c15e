import Testing
@testable import SyncSimulator

/// The History a run keeps for its checks: each user action once, and entries small enough for runs of 10^7 events.
@Suite struct HistoryTests {
    @Test func anActionIsKeptOnceAndItsEntryNamesItByNumber() {
        let history = History()
        let action = UserAction(number: 0, time: .zero, device: "iPhone", record: "r", kind: .delete, applied: true)
        history.record(action)
        history.record(.reset(time: .zero, device: "iPhone", wiped: [0]))
        #expect(history.actions == [action])
        #expect(history.entries == [.action(0), .reset(time: .zero, device: "iPhone", wiped: [0])])
        #expect(history.nextActionNumber == 1)
    }

    /// The rare entries with long payloads (conflicts, decisions, resets) are boxed, so the common ones set the size.
    @Test func anEntryIsNoLargerThanACommit() {
        #expect(MemoryLayout<History.Entry>.stride <= 72)
    }
}
