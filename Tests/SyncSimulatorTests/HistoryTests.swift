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

    /// The rare entries with long payloads (conflicts, decisions, resets) are boxed, so the common ones set the size;
    /// devices are interned ids, 8 bytes where a name took 16, and a commit's flag comes last, after its words.
    /// Device names as strings made an entry 56 bytes and an action 104.
    @Test func entriesAndActionsAreCompact() {
        #expect(MemoryLayout<History.Entry>.stride <= 48)
        #expect(MemoryLayout<UserAction>.stride <= 96)
    }

    /// Entries name devices by interned id, and the checks and reports by name: an id is its name, as spelt.
    @Test func aDeviceIdIsItsName() {
        let history = History()
        history.record(.reset(time: .zero, device: DeviceID("iPad-2"), wiped: []))
        guard case let .reset(_, device, _) = history.entries[0] else { Issue.record("no reset"); return }
        #expect(device.name == "iPad-2" && "\(device)" == "iPad-2")
        #expect(device == DeviceID("iPad-2") && device != DeviceID("iPad-3") && DeviceID("iPad-10") < device)
    }
}
