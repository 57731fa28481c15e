/// How often and how long one device's records sat in each sync state other than `synced`, kept as the states change.
struct SyncStateStays {
    /// The states tallied: every one but `synced`, in declaration order, each at its `slot(of:)`.
    private static let states: [SyncState] = {
        let states = SyncState.allCases.filter { $0 != .synced }
        assert(states.enumerated().allSatisfy { slot(of: $1) == $0 }, "slot(of:) is out of step with the states")
        return states
    }()

    /// Each record that is not `synced`: its state and since when.
    private var current: [RecordID: (state: SyncState, since: SimDuration)] = [:]
    /// The stays that ended, tallied in the order of `states`.
    private var ended = SyncStateStays.states.map { SyncStateTally(state: $0, entered: 0, total: .zero, longest: .zero) }

    /// The record's state as last noted.
    func state(of record: RecordID) -> SyncState { current[record]?.state ?? .synced }

    /// The records whose state is not `synced`.
    var unsynced: some Collection<RecordID> { current.keys }

    /// Notes the record's state at `time`; false when that is the state it had. The record is found once.
    mutating func note(_ state: SyncState, of record: RecordID, at time: SimDuration) -> Bool {
        guard let index = current.index(forKey: record) else {
            guard state != .synced else { return false }
            current[record] = (state, time)
            ended[SyncStateStays.slot(of: state)].entered += 1
            return true
        }
        let stay = current.values[index]
        guard state != stay.state else { return false }
        close(stay, at: time)
        if state == .synced {
            current.remove(at: index)
        } else {
            current.values[index] = (state, time)
            ended[SyncStateStays.slot(of: state)].entered += 1
        }
        return true
    }

    private mutating func close(_ stay: (state: SyncState, since: SimDuration), at time: SimDuration) {
        let index = SyncStateStays.slot(of: stay.state)
        ended[index].total = ended[index].total + (time - stay.since)
        ended[index].longest = max(ended[index].longest, time - stay.since)
    }

    /// Where a state other than `synced` is tallied in `ended`: its place in `states`, found without searching it.
    private static func slot(of state: SyncState) -> Int {
        switch state {
        case .pending: return 0
        case .conflict: return 1
        case .offline: return 2
        case .synced: preconditionFailure("a synced record has no stay")
        }
    }

    /// The tallies, the stays still under way ending at `end`.
    func tallies(endingAt end: SimDuration) -> [SyncStateTally] {
        var closed = self
        for stay in current.values { closed.close(stay, at: end) }
        return closed.ended
    }

    /// The devices' tallies summed, state by state.
    static func sum(_ devices: [[SyncStateTally]]) -> [SyncStateTally] {
        states.indices.map { index in
            let stays = devices.map { $0[index] }
            return SyncStateTally(state: states[index], entered: stays.reduce(0) { $0 + $1.entered },
                                  total: stays.reduce(.zero) { $0 + $1.total },
                                  longest: stays.map(\.longest).max() ?? .zero)
        }
    }
}
