/// Finds user changes missing from the end state (lost updates), counted twice (duplicates), or dropped by a delete.
/// A lost update says why where the checks can tell: a reset wiped it, a concurrent change or skewed clocks explain it.
struct LostUpdates {
    private(set) var lost: [Anomaly] = []
    private(set) var duplicates: [Anomaly] = []
    private(set) var droppedByDelete: [Anomaly] = []

    /// `concurrent` tells which lost values a concurrent change explains; `conflicts`, which skewed clocks do.
    /// `seeds`, the fields of the records at time 0, is given when a user's app runs: increments are then judged by
    /// their field's sum, since an app's saves carry no operation to trace.
    init(actions applied: AppliedActions, end: EndState, fates: ActionFates, concurrent: ConcurrentChanges,
         conflicts: ConflictLog, sumsOver seeds: [RecordID: Fields]? = nil) {
        // Record by record, so that each record's newest changes and end version are found once; each anomaly is
        // kept with its action's number, to be listed in the order of the actions, as a walk of them finds them.
        var lostByAction: [(action: Int, anomaly: Anomaly)] = []
        var duplicatesByAction: [(action: Int, anomaly: Anomaly)] = []
        for id in applied.records {
            let actions = applied[id]
            let later = NewestChanges(actions)
            let record = end.liveOnServer(id)
            for action in actions where seeds == nil || record == nil || !action.kind.isIncrement {
                LostUpdates.forEachWrite(of: action) { field, written in
                    if let count = written.incrementCount(record: record, action: action, field: field), count > 1 {
                        duplicatesByAction.append((action.number, anomaly(.duplicate, action, field) {
                            "is counted \(count) times in the end state"
                        }))
                    }
                    guard !later.replace(field, of: action) else { return }
                    let fate: Fate
                    if let record {
                        guard !written.isIn(record, action: action, field: field) else { return }
                        fate = .missing(field: field, end: record.fields[field] ?? .null)
                    } else {
                        fate = .deleted
                    }
                    lostByAction.append((action.number, lostUpdate(action, field, fate: fate, fates: fates,
                                                                    concurrent: concurrent.explaining(action, field: field),
                                                                    conflicts: conflicts)))
                }
            }
        }
        lost = LostUpdates.inActionOrder(lostByAction)
        duplicates = LostUpdates.inActionOrder(duplicatesByAction)
        droppedByDelete = LostUpdates.dropped(actions: applied, end: end, commits: fates.firstCommit)
        if let seeds {
            let sums = IncrementSums(actions: applied, end: end, seeds: seeds, fates: fates, concurrent: concurrent)
            lost += sums.lost
            duplicates += sums.duplicates
        }
    }

    /// The anomalies in the order of their actions, those of one action in the order found (its fields' order).
    private static func inActionOrder(_ found: [(action: Int, anomaly: Anomaly)]) -> [Anomaly] {
        found.indices.sorted { (found[$0].action, $0) < (found[$1].action, $1) }.map { found[$0].anomaly }
    }

    /// What became of a lost value, as its sentence says.
    private enum Fate {
        /// The record ends live without the value: the field holds `end`.
        case missing(field: String, end: FieldValue)
        /// The record ends deleted.
        case deleted

        var text: String {
            switch self {
            case let .missing(field, end): return "is not in the end state (\(field) is \(end))"
            case .deleted: return "is lost: the record ends deleted"
            }
        }
    }

    /// A lost update, with the reset that wiped it, the concurrent change or the skewed clocks that explain it, and the
    /// conflict that decided it where there was one.
    private func lostUpdate(_ action: UserAction, _ field: String, fate: Fate, fates: ActionFates,
                            concurrent: UserAction?, conflicts: ConflictLog) -> Anomaly {
        if let wiped = fates.resetClause(action) {
            var found = anomaly(.lostUpdate, action, field) { wiped }
            found.cause = .reset
            return found
        }
        guard let other = concurrent else {
            if let collision = fates.collisionClause(action) {
                var found = anomaly(.lostUpdate, action, field) { fate.text + "; " + collision }
                found.cause = .reset
                return found
            }
            let skew = conflicts.skewClause(after: action)
            var found = anomaly(.lostUpdate, action, field) { fate.text + (skew.map { "; \($0)" } ?? "") }
            found.cause = skew == nil ? nil : .clockSkew
            return found
        }
        let (first, second) = other.number < action.number ? (other, action) : (action, other)
        // The other change may be the device's own, on its way when the device was reset (see `ConcurrentChanges`).
        let devices = (other.device == action.device ? [action.device] : [action.device, other.device]).map(\.name)
        return Anomaly(kind: .lostUpdate, record: action.record.name, devices: devices,
                       times: [first.time, second.time], cause: .concurrentChange) {
            let decided = conflicts.clause(decidingBetween: action, and: other).map { ", and \($0)" } ?? ""
            return "\(action.describe(field)) on \(action.device) at \(action.time) \(fate.text); \(other.describe(nil)) on \(other.device) at \(other.time)\(fates.onItsWayClause(other, explaining: action)) was concurrent with it\(decided)."
        }
    }

    /// What an action wrote to one field.
    private enum Written {
        case value(FieldValue)
        case unset
        case increment(Double)

        /// Whether the end record holds what was written: an equal value, or a number whose change a `sum` merge
        /// (or an increment on top) built on, which the ledger counts.
        func isIn(_ record: RecordVersion, action: UserAction, field: String) -> Bool {
            switch self {
            case let .value(value):
                let end = record.fields[field] ?? .null
                return value == end || value.isContained(in: end)
                    || record.ledger.count(of: action.number, in: field) > 0
            case .unset: return (record.fields[field] ?? .null) == .null
            case .increment: return record.ledger.count(of: action.number, in: field) > 0
            }
        }

        func incrementCount(record: RecordVersion?, action: UserAction, field: String) -> Int? {
            guard case .increment = self, let record else { return nil }
            return record.ledger.count(of: action.number, in: field)
        }
    }

    /// Calls `body` with what `action` wrote, field by field in name order (a create or an edit visits its fields in
    /// that order), the fields it unset after those it set.
    private static func forEachWrite(of action: UserAction, _ body: (String, Written) -> Void) {
        switch action.kind {
        case let .create(fields):
            for (name, value) in fields { body(name, .value(value)) }
        case let .edit(set, unset):
            for (name, value) in set { body(name, .value(value)) }
            if !unset.isEmpty { for name in unset.sorted() { body(name, .unset) } }
        case let .increment(field, by): body(field, .increment(by))
        case .delete, .decision: break
        }
    }

    /// An anomaly of one action's change to `field`, whose sentence ends with what `fate` says became of it.
    private func anomaly(_ kind: Anomaly.Kind, _ action: UserAction, _ field: String,
                         fate: @escaping @Sendable () -> String) -> Anomaly {
        Anomaly(kind: kind, record: action.record.name, devices: [action.device.name], times: [action.time]) {
            "\(action.describe(field)) on \(action.device) at \(action.time) \(fate())."
        }
    }

    /// Changes made before a delete that won, on another device, that the deleting device had not seen.
    private static func dropped(actions: AppliedActions, end: EndState, commits: [Int?]) -> [Anomaly] {
        var found: [Anomaly] = []
        for record in actions.records.filter({ end.liveOnServer($0) == nil }).sorted() {
            let history = actions[record]
            guard let delete = history.last(where: { $0.kind == .delete }) else { continue }
            let previousDelete = history.last { $0.kind == .delete && $0.number < delete.number }?.number ?? -1
            for change in history where change.number > previousDelete && change.number < delete.number
                && change.device != delete.device && change.kind != .delete {
                let seen = commits[change.number].map { tag in delete.seenTag.map { tag <= $0 } ?? false } ?? false
                guard !seen else { continue }
                found.append(Anomaly(
                    kind: .editDroppedByDelete, record: record.name, devices: [change.device.name, delete.device.name],
                    times: [change.time, delete.time]) {
                    "\(change.describe(nil)) on \(change.device) at \(change.time) was dropped by the delete on \(delete.device) at \(delete.time), which had not seen it."
                })
            }
        }
        return found
    }
}

/// The newest change of each part of one record, by action number: whether an action came later that replaced what an
/// earlier one wrote.
private struct NewestChanges {
    /// The newest `create`, delete or user's decision.
    var wholeRecord = -1
    /// The newest `edit` that set or unset each field.
    var edited: NameTable<Int> = [:]
    var incremented: NameTable<Int> = [:]

    /// The newest changes of a record, from its applied actions in order.
    init(_ actions: ActionList) {
        for action in actions {
            switch action.kind {
            case .create, .delete, .decision: wholeRecord = action.number
            case let .edit(set, unset):
                for (field, _) in set { edited[field] = action.number }
                for field in unset { edited[field] = action.number }
            case let .increment(field, _): incremented[field] = action.number
            }
        }
    }

    /// Whether a later action replaced what `action` wrote to `field`; increments do not replace increments.
    func replace(_ field: String, of action: UserAction) -> Bool {
        if wholeRecord > action.number || edited[field] ?? -1 > action.number { return true }
        if case .increment = action.kind { return false }
        return incremented[field] ?? -1 > action.number
    }
}

extension UserAction {
    /// "the edit of "fav1".rating to 5", "the increment of "c".plays by 1", "the create of "fav1"".
    func describe(_ field: String?) -> String {
        let target = field.map { "\"\(record)\".\($0)" } ?? "\"\(record)\""
        switch kind {
        case let .create(fields): return "the create of \(target)" + (field.flatMap { fields[$0] }.map { " as \($0)" } ?? "")
        case let .edit(set, _): return "the edit of \(target)" + (field.map { set[$0].map { " to \($0)" } ?? " (unset)" } ?? "")
        case let .increment(_, by): return "the increment of \(target) by \(FieldValue.format(by))"
        case .delete: return "the delete of \(target)"
        case .decision: return "the decision on \(target)"
        }
    }
}
