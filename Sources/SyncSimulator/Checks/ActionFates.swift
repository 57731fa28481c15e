/// What became of each user action's change at the server: the first commit that carried it, or the reset that
/// wiped it from its device's outbox before any commit did.
struct ActionFates {
    /// The tag of the first commit that carried each action (always of the action's own record).
    private(set) var firstCommit: [Int: Int] = [:]
    /// When a reset wiped each action that no commit ever carried; its device is the action's own.
    private(set) var wipedAt: [Int: SimDuration] = [:]

    init(history: History) {
        var wiped: [Int: SimDuration] = [:]
        for entry in history.entries {
            switch entry {
            case let .commit(_, _, tag, _, _, actions):
                for action in actions where firstCommit[action] == nil { firstCommit[action] = tag }
            case let .reset(time, _, actions):
                for action in actions { wiped[action] = time }
            case .action, .liveness, .syncState, .conflict, .decided:
                break
            }
        }
        wipedAt = wiped.filter { firstCommit[$0.key] == nil }
    }

    /// "was lost when iPad was reset at 5m", for an action a reset wiped.
    func resetClause(_ action: UserAction) -> String? {
        wipedAt[action.number].map { "was lost when \(action.device) was reset at \($0)" }
    }
}
