/// Judges increments by their field's sum, for runs where a user's app turns each into a plain save that carries no
/// operation to trace: the end value short of the last value set plus every increment after it counts as one lost
/// update, and an end value above it as one duplicate.
struct IncrementSums {
    private(set) var lost: [Anomaly] = []
    private(set) var duplicates: [Anomaly] = []

    /// `seeds`: the fields of the records that exist at time 0.
    init(actions: AppliedActions, end: EndState, seeds: [RecordID: Fields], fates: ActionFates,
         concurrent: ConcurrentChanges) {
        for record in actions.records.sorted() {
            guard let server = end.liveOnServer(record) else { continue }
            let history = actions[record]
            let fields = Set(history.compactMap { action -> String? in
                if case let .increment(field, _) = action.kind { return field } else { return nil }
            })
            for field in fields.sorted() {
                judge(field, of: record, history, seed: seeds[record]?[field], end: server, fates: fates,
                      concurrent: concurrent)
            }
        }
    }

    private mutating func judge(_ field: String, of record: RecordID, _ history: ActionList, seed: FieldValue?,
                                end: RecordVersion, fates: ActionFates, concurrent: ConcurrentChanges) {
        let lastSet = history.lastIndex { IncrementSums.sets($0, field) }
        let base = lastSet.map { IncrementSums.value(history[$0], field) } ?? seed
        guard let start = base == nil ? 0 : base?.number else { return }
        let increments = history[(lastSet.map { $0 + 1 } ?? 0)...].filter { action in
            if case .increment(field, _) = action.kind { return true } else { return false }
        }
        guard let first = increments.first, let last = increments.last else { return }
        let added = increments.reduce(0.0) { sum, action in
            if case let .increment(_, by) = action.kind { return sum + by } else { return sum }
        }
        let expected = start + added
        guard let actual = end.fields[field] == nil ? 0 : end.fields[field]?.number,
              abs(actual - expected) > 1e-9 else { return }
        let devices = Array(Set(increments.map(\.device))).sorted().map(\.name)
        let span = first.time == last.time ? "at \(first.time)" : "from \(first.time) to \(last.time)"
        let what = "the \(increments.count == 1 ? "increment" : "increments") of \"\(record)\".\(field) on "
            + "\(devices.joined(separator: ", ")) \(span) \(increments.count == 1 ? "adds" : "add") "
            + "\(FieldValue.format(added)) to \(FieldValue.format(start)), but the end state has \(FieldValue.format(actual))"
        let gap = FieldValue.format(abs(expected - actual))
        // A set of the field concurrent with an increment leaves the sum to whichever the app kept.
        let setConcurrently = lastSet.map { concurrent.explaining(history[$0], field: field) != nil } ?? false
        guard actual < expected else {
            duplicates.append(Anomaly(kind: .duplicate, record: record.name, devices: devices, times: [first.time, last.time],
                                      sentence: "\(what): \(gap) counted more than once.",
                                      cause: setConcurrently ? .concurrentChange : nil))
            return
        }
        var anomaly = Anomaly(kind: .lostUpdate, record: record.name, devices: devices, times: [first.time, last.time],
                              sentence: "\(what): \(gap) missing.")
        if let wiped = increments.lazy.compactMap({ action in fates.resetClause(action).map { (action, $0) } }).first {
            anomaly.sentence = "\(what): \(gap) missing; the increment on \(wiped.0.device) at \(wiped.0.time) \(wiped.1)."
            anomaly.cause = .reset
        } else if setConcurrently || increments.contains(where: { action in
            concurrent.explaining(action, field: field).map { !($0.kind.isIncrement) } ?? false
        }) {
            anomaly.cause = .concurrentChange
        }
        lost.append(anomaly)
    }

    /// Whether `action` sets `field` outright: a create, an edit that sets or unsets it, or a delete.
    private static func sets(_ action: UserAction, _ field: String) -> Bool {
        switch action.kind {
        case .create, .delete, .decision: return true
        case let .edit(set, unset): return set[field] != nil || unset.contains(field)
        case .increment: return false
        }
    }

    /// The value `action` set `field` to (a delete or an unset leaves none, counted from 0).
    private static func value(_ action: UserAction, _ field: String) -> FieldValue? {
        switch action.kind {
        case let .create(fields): return fields[field]
        case let .edit(set, _): return set[field]
        case .delete, .increment, .decision: return nil
        }
    }
}

extension UserAction.Kind {
    /// Whether the action is an increment.
    var isIncrement: Bool {
        if case .increment = self { return true }
        return false
    }
}
