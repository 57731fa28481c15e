/// The conflicts a skewed or drifting clock decided: by the true times of the changes compared, the strategy would
/// have decided otherwise. A value such a conflict discarded is explained by the clocks, not by the client.
struct SkewedConflicts {
    /// Each record's skewed conflicts, in the order they happened.
    private var byRecord: [String: [(time: SimDuration, device: String)]] = [:]

    init(history: History) {
        for case let .conflict(time, device, record, _, skewed) in history.entries where skewed {
            byRecord[record, default: []].append((time, device))
        }
    }

    /// "a conflict on iPad at 3m was decided by skewed clocks …", for the first such conflict on the action's record at
    /// or after it.
    func clause(after action: UserAction) -> String? {
        guard let conflict = byRecord[action.record]?.first(where: { $0.time >= action.time }) else { return nil }
        return "a conflict of \"\(action.record)\" on \(conflict.device) at \(conflict.time) was decided by skewed clocks (by true time it would have gone the other way)"
    }
}
