/// The conflicts devices met, as the checks need them: when and where, and which a skewed or drifting clock decided
/// (by the true times of the changes compared, the strategy would have decided otherwise).
struct ConflictLog {
    private struct Entry {
        var time: SimDuration
        var device: String
        var skewed: Bool
    }

    /// Each record's conflicts, in the order they happened.
    private var byRecord: [String: [Entry]] = [:]

    init(history: History) {
        for case let .conflict(time, device, record, _, skewed) in history.entries {
            byRecord[record, default: []].append(Entry(time: time, device: device, skewed: skewed))
        }
    }

    /// "a conflict of "r1" on iPad at 3m was decided by skewed clocks …", for the first such conflict of the action's
    /// record at or after it: a value that conflict discarded is explained by the clocks, not by the client.
    func skewClause(after action: UserAction) -> String? {
        guard let conflict = byRecord[action.record]?.first(where: { $0.skewed && $0.time >= action.time }) else { return nil }
        return "a conflict of \"\(action.record)\" on \(conflict.device) at \(conflict.time) was decided by skewed clocks (by true time it would have gone the other way)"
    }

    /// Whether the delete's record met a conflict after it: only a strategy's decision may let a concurrent write
    /// win over a delete, not a save that bypasses the conflict (a re-upload).
    func decided(after delete: UserAction) -> Bool {
        byRecord[delete.record]?.contains { $0.time >= delete.time } ?? false
    }
}
