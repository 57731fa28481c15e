/// Sums, from the History, how often and how long records sat in each sync state other than `synced`.
enum SyncStateTimes {
    static func tallies(in history: History, endingAt end: SimDuration) -> [SyncStateTally] {
        var current: [String: (state: SyncState, since: SimDuration)] = [:]
        var tallies = Dictionary(uniqueKeysWithValues: SyncState.allCases.map {
            ($0, SyncStateTally(state: $0, entered: 0, total: .zero, longest: .zero))
        })
        func close(_ key: String, at time: SimDuration) {
            guard let (state, since) = current[key] else { return }
            tallies[state]!.total = tallies[state]!.total + (time - since)
            tallies[state]!.longest = max(tallies[state]!.longest, time - since)
        }
        for case let .syncState(time, device, record, state) in history.entries {
            let key = device + "\u{0}" + record
            close(key, at: time)
            current[key] = state == .synced ? nil : (state, time)
            if state != .synced { tallies[state]!.entered += 1 }
        }
        for key in current.keys { close(key, at: end) }
        return SyncState.allCases.filter { $0 != .synced }.map { tallies[$0]! }
    }
}
