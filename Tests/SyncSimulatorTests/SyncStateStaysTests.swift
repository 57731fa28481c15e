import Testing
@testable import SyncSimulator

/// The report's sync-state table: how often and how long records sat in each state, per device and record.
@Suite struct SyncStateStaysTests {
    @Test func eachRecordOnEachDeviceIsTimedOnItsOwnAndAStateStillOpenEndsWithTheRun() {
        var iPad = SyncStateStays(), iPhone = SyncStateStays()
        var changed = [iPad.note(.pending, of: "r", at: .seconds(1)), iPhone.note(.pending, of: "r", at: .seconds(2)),
                       iPad.note(.offline, of: "s", at: .seconds(3))]
        changed.append(iPad.note(.offline, of: "s", at: .seconds(3)))
        changed += [iPad.note(.synced, of: "r", at: .seconds(4)), iPhone.note(.conflict, of: "r", at: .seconds(5)),
                    iPad.note(.pending, of: "s", at: .seconds(6)), iPad.note(.synced, of: "s", at: .seconds(8))]
        // Noting the state a record already has is no change.
        #expect(changed == [true, true, true, false, true, true, true, true])
        #expect(iPad.state(of: "s") == .synced && iPhone.state(of: "r") == .conflict)
        #expect(Array(iPhone.unsynced) == ["r"] && iPad.unsynced.isEmpty)
        let tallies = SyncStateStays.sum([iPad, iPhone].map { $0.tallies(endingAt: .seconds(10)) })
        #expect(tallies == [
            SyncStateTally(state: .pending, entered: 3, total: .seconds(3 + 3 + 2), longest: .seconds(3)),
            SyncStateTally(state: .conflict, entered: 1, total: .seconds(5), longest: .seconds(5)),
            SyncStateTally(state: .offline, entered: 1, total: .seconds(3), longest: .seconds(3)),
        ])
    }
}
