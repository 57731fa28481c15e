/// Sums, from the History, how often and how long records sat in each sync state other than `synced`.
enum SyncStateTimes {
    static func tallies(in history: History, endingAt end: SimDuration) -> [SyncStateTally] {
        let states = SyncState.allCases.filter { $0 != .synced }
        var tallies = states.map { SyncStateTally(state: $0, entered: 0, total: .zero, longest: .zero) }
        var current: [RecordOnDevice: (state: SyncState, since: SimDuration)] = [:]
        func close(_ stay: (state: SyncState, since: SimDuration)?, at time: SimDuration) {
            guard let (state, since) = stay else { return }
            let index = states.firstIndex(of: state)!
            tallies[index].total = tallies[index].total + (time - since)
            tallies[index].longest = max(tallies[index].longest, time - since)
        }
        for case let .syncState(time, device, record, state) in history.entries {
            let key = RecordOnDevice(device: device, record: record)
            if state == .synced {
                close(current.removeValue(forKey: key), at: time)
            } else {
                close(current.updateValue((state, time), forKey: key), at: time)
                tallies[states.firstIndex(of: state)!].entered += 1
            }
        }
        for stay in current.values { close(stay, at: end) }
        return tallies
    }

    /// A record on one device, whose sync state is followed.
    private struct RecordOnDevice: Hashable {
        var device: String
        var record: RecordID
    }
}
