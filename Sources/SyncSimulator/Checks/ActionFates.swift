/// What became of each user action's change at the server: the first commit that carried it, and the reset that
/// wiped it from its device's outbox, if one did.
struct ActionFates {
    /// The tag of the first commit that carried each action (always of the action's own record), by action number.
    private(set) var firstCommit: [Int?]
    /// When a reset wiped each action from its device's outbox (unsent, or in flight and perhaps committed after), by
    /// action number.
    private(set) var wipedAt: [SimDuration?]
    /// Each device's resets, in time order.
    private var resets: [DeviceID: [SimDuration]] = [:]
    /// When each record was first committed (the seeds at time 0).
    private var firstCommitTime: [RecordID: SimDuration] = [:]

    init(history: History) {
        firstCommit = Array(repeating: nil, count: history.actions.count)
        wipedAt = Array(repeating: nil, count: history.actions.count)
        // Each entry is read where it is: one taken out of the list would be copied, its arrays retained.
        for index in history.entries.indices {
            switch history.entries[index] {
            case let .commit(time, record, tag, _, actions, _):
                for action in actions where firstCommit[action] == nil { firstCommit[action] = tag }
                if firstCommitTime[record] == nil { firstCommitTime[record] = time }
            case let .reset(time, device, actions):
                for action in actions { wipedAt[action] = time }
                resets[device, default: []].append(time)
            case .action, .liveness, .conflict, .decided:
                break
            }
        }
    }

    /// "was lost when iPad was reset at 5m", for an action a reset wiped; with `committed` false, only if no commit
    /// carried it (a delete in flight at the reset that still reached the server did take effect).
    func resetClause(_ action: UserAction, committed: Bool = true) -> String? {
        guard committed || firstCommit[action.number] == nil else { return nil }
        return wipedAt[action.number].map { "was lost when \(action.device) was reset at \($0)" }
    }

    /// For a change made on a device reset earlier that had not received the record since, to a record the server
    /// already had: the user made it on a record of the device's own under an id the server held unfetched, so the
    /// server's version, which the device never saw, is what the change (or delete) met.
    func collisionClause(_ action: UserAction) -> String? {
        guard action.receivedTag == nil, let reset = resets[action.device]?.last(where: { $0 <= action.time }),
              let committed = firstCommitTime[action.record], committed <= action.time else { return nil }
        return "\(action.device) was reset at \(reset) and had not fetched \"\(action.record)\" since, so the \(action.kind == .delete ? "delete" : "change") went to a record of its own under an id the server already had"
    }

    /// " (on its way when iPad was reset at 5m)", for a change that explains one made on its own device after a reset
    /// (see `ConcurrentChanges`); empty for a change of another device.
    func onItsWayClause(_ change: UserAction, explaining action: UserAction) -> String {
        guard change.device == action.device, let reset = wipedAt[change.number] else { return "" }
        return " (on its way when \(change.device) was reset at \(reset))"
    }

    /// For a delete in flight when its device was reset, which reached the server after: why the device, having
    /// forgotten the delete, showed the record again at `time` from the version tagged `tag`, older than the delete.
    func resetRaceClause(_ delete: UserAction, comebackAt time: SimDuration, tag: Int?) -> String? {
        guard let reset = wipedAt[delete.number], time >= reset, let committed = firstCommit[delete.number],
              let tag, tag < committed else { return nil }
        return "\(delete.device) was reset at \(reset) with the delete on its way, and listed the record from before the delete reached the server"
    }
}
