import Testing
@testable import SyncSimulator

/// The report's sync-state table: how often and how long records sat in each state, per device and record.
@Suite struct SyncStateTimesTests {
    @Test func eachRecordOnEachDeviceIsTimedOnItsOwnAndAStateStillOpenEndsWithTheRun() {
        let history = History()
        let changes: [(Int64, String, RecordID, SyncState)] = [
            (1, "iPad", "r", .pending),
            (2, "iPhone", "r", .pending),
            (3, "iPad", "s", .offline),
            (4, "iPad", "r", .synced),
            (5, "iPhone", "r", .conflict),
            (6, "iPad", "s", .pending),
            (8, "iPad", "s", .synced),
        ]
        for (second, device, record, state) in changes {
            history.record(.syncState(time: .seconds(second), device: device, record: record, state: state))
        }
        let tallies = SyncStateTimes.tallies(in: history, endingAt: .seconds(10))
        #expect(tallies == [
            SyncStateTally(state: .pending, entered: 3, total: .seconds(3 + 3 + 2), longest: .seconds(3)),
            SyncStateTally(state: .conflict, entered: 1, total: .seconds(5), longest: .seconds(5)),
            SyncStateTally(state: .offline, entered: 1, total: .seconds(3), longest: .seconds(3)),
        ])
    }
}
