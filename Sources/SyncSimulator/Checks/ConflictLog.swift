/// The conflicts devices met, as the checks need them: which conflict decided between two changes, which a skewed or
/// drifting clock decided, and the clause that names one in an anomaly's sentence.
struct ConflictLog {
    /// Every conflict devices met, in the order they met them, with the user's decision on those shown to the user
    /// and decided: the report's list.
    let decisions: [ConflictDecision]
    /// Each record's conflicts, by their place in `decisions`.
    private var byRecord: [RecordID: [Int]] = [:]
    /// The strategy's name, as the clauses say who decided.
    private let strategy: String

    init(history: History, strategy: String) {
        self.strategy = strategy
        var found: [ConflictDecision] = []
        // A decision finds its conflict by where and when it was shown. Only runs in which users decide need the
        // table: every strategy but user choice makes none.
        let decides = history.entries.indices.contains { if case .decided = history.entries[$0] { true } else { false } }
        var shown: [ShownAt: Int] = [:]
        // Each entry is read where it is: one taken out of the list would be copied, its arrays retained.
        for index in history.entries.indices {
            switch history.entries[index] {
            case let .conflict(time, device, record, outcome, skewed, compared):
                if decides { shown[ShownAt(device: device, record: record, time: time)] = found.count }
                byRecord[record, default: []].append(found.count)
                found.append(ConflictDecision(time: time, device: device.name, record: record.name, clock: compared?.clock,
                                              local: compared?.local, server: compared?.server, resolution: outcome,
                                              skewed: skewed))
            case let .decided(time, device, record, shownAt, choice):
                guard let index = shown[ShownAt(device: device, record: record, time: shownAt)] else { continue }
                found[index].decidedAt = time
                found[index].decision = choice
            default:
                break
            }
        }
        decisions = found
    }

    /// Where and when a conflict was met, to find the conflict a user's decision answers.
    private struct ShownAt: Hashable {
        var device: DeviceID
        var record: RecordID
        var time: SimDuration
    }

    /// The record's conflicts, in the order they happened.
    private func conflicts(of record: RecordID) -> some Sequence<ConflictDecision> {
        (byRecord[record] ?? []).lazy.map { decisions[$0] }
    }

    /// "the conflict on iPad at 3m decided it: lww kept …, though by true time it would have gone the other way", for
    /// the first conflict of the action's record at or after it that skewed clocks decided: a value that conflict
    /// discarded is explained by the clocks, not by the client.
    func skewClause(after action: UserAction) -> String? {
        conflicts(of: action.record).first { $0.skewed && $0.time >= action.time }.map(clause)
    }

    /// The clause naming the conflict that decided between `lost` and the concurrent `winner`: the first of the
    /// record, at or after both, on the device of either, that did not keep that device's change if it was the lost
    /// one nor drop it if it was the winner. Nil when none did (the change was lost without a conflict).
    func clause(decidingBetween lost: UserAction, and winner: UserAction) -> String? {
        let keptLocal = Resolution.keepLocal.outcome, keptServer = Resolution.keepServer.outcome
        return conflicts(of: lost.record).first { conflict in
            conflict.time >= max(lost.time, winner.time)
                && ((conflict.device == lost.device.name && conflict.resolution != keptLocal)
                    || (conflict.device == winner.device.name && conflict.resolution != keptServer))
        }.map(clause)
    }

    /// Whether the delete's record met a conflict after it: only a strategy's decision may let a concurrent write
    /// win over a delete, not a save that bypasses the conflict (a re-upload).
    func decided(after delete: UserAction) -> Bool {
        conflicts(of: delete.record).contains { $0.time >= delete.time }
    }

    /// "the conflict on iPhone at 10m5ms decided it: lww kept iPhone's change at 2m, stamped 12m by a fast clock,
    /// over the server's version stamped 5m".
    private func clause(_ conflict: ConflictDecision) -> String {
        let opening = "the conflict on \(conflict.device) at \(conflict.time)"
        guard let local = conflict.local, let server = conflict.server else {
            return "\(opening), \(conflict.resolution), decided it"
        }
        let mine = ConflictLog.side("\(conflict.device)'s \(local.deleted ? "delete" : "change")", local)
        let theirs = ConflictLog.side("the server's \(server.deleted ? "tombstone" : "version")", server)
        let decision: String
        switch conflict.resolution {
        case Resolution.keepLocal.outcome: decision = "kept \(mine.inner) over \(theirs.last)"
        case Resolution.keepServer.outcome: decision = "kept \(theirs.inner) over \(mine.last)"
        case "merged": decision = "merged \(mine.inner) with \(theirs.last)"
        default:
            var choice = "the user had not decided by the end"
            if let chosen = conflict.decision, let decidedAt = conflict.decidedAt {
                choice = "the user chose \(chosen.rawValue) at \(decidedAt)"
            }
            decision = "showed the user \(mine.inner) and \(theirs.last), and \(choice)"
        }
        let skew = conflict.skewed ? ", though by true time it would have gone the other way" : ""
        return "\(opening) decided it: \(strategy) \(decision)\(skew)"
    }

    /// A side named `owner` with its timestamp, "iPhone's change at 2m, stamped 12m by a fast clock", as the last
    /// words of a clause and followed by more (with the comma that closes the aside).
    private static func side(_ owner: String, _ stamp: ConflictStamp) -> (last: String, inner: String) {
        guard stamp.takenAt != stamp.timestamp else {
            let text = "\(owner) stamped \(stamp.timestamp)"
            return (text, text)
        }
        let pace = stamp.timestamp > stamp.takenAt ? "fast" : "slow"
        let text = "\(owner) at \(stamp.takenAt), stamped \(stamp.timestamp) by a \(pace) clock"
        return (text, text + ",")
    }
}
