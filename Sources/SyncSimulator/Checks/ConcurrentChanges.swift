/// Finds, for a lost value, another device's change of the same record concurrent with it: neither device had
/// received a version that included the other's change before making its own (change tags only grow, so a
/// version includes a change when its tag is at least that of the change's first commit). A device reset with a change
/// on its way counts as another device for the changes it makes after: reinstalled, it knows nothing of that change.
struct ConcurrentChanges {
    /// The applied user actions, each record's found by its id, in the order they happened.
    private let applied: AppliedActions
    private let firstCommit: [Int?]
    private let wipedAt: [SimDuration?]
    /// Whether only a change of the same field explains a lost value (`field-merge`), not any change of the record.
    private let perField: Bool

    init(actions: AppliedActions, fates: ActionFates, perField: Bool) {
        applied = actions
        firstCommit = fates.firstCommit
        wipedAt = fates.wipedAt
        self.perField = perField
    }

    /// The newest change concurrent with `action` that explains losing what it wrote to `field`, if any.
    func explaining(_ action: UserAction, field: String) -> UserAction? {
        applied[action.record].last { other in
            apart(other, action) && changes(other, field)
                && !received(other, before: action) && !received(action, before: other)
        }
    }

    /// The changes of the record's fields (creates, edits, increments) on other devices concurrent with a delete,
    /// newest first: what may be kept over the delete, bringing the record back.
    func writes(concurrentWith delete: UserAction) -> [UserAction] {
        applied[delete.record].reversed().filter { other in
            apart(other, delete) && other.kind.isWrite
                && !received(other, before: delete) && !received(delete, before: other)
        }
    }

    /// Whether two changes come from two writers: two devices, or one device on either side of a reset that caught the
    /// earlier change on its way, which committed all the same: the device, reinstalled, had no part in it.
    private func apart(_ one: UserAction, _ other: UserAction) -> Bool {
        guard one.device == other.device else { return true }
        let (earlier, later) = one.number < other.number ? (one, other) : (other, one)
        guard firstCommit[earlier.number] != nil, let reset = wipedAt[earlier.number] else { return false }
        return reset <= later.time && wipedAt[later.number] != reset
    }

    /// Whether the device of `action` had received a version that included `change` before it acted.
    private func received(_ change: UserAction, before action: UserAction) -> Bool {
        guard let tag = firstCommit[change.number], let known = action.receivedTag else { return false }
        return known >= tag
    }

    /// Whether `change` writes `field`: a create (which replaces the record) and a delete write every field, and so
    /// does an edit that brought the record back over a delete (see `resurrects`).
    private func changes(_ change: UserAction, _ field: String) -> Bool {
        switch change.kind {
        case .create, .delete: return true
        case let .edit(set, unset):
            return !perField || set[field] != nil || unset.contains(field) || resurrects(change)
        case let .increment(name, _): return !perField || name == field
        case .decision: return false
        }
    }

    /// Whether an edit was first committed after a delete of its record that its device had not received: its save
    /// met the deletion and, kept over it, brought back the whole record as the device showed it, every field written.
    private func resurrects(_ edit: UserAction) -> Bool {
        guard let committed = firstCommit[edit.number] else { return false }
        return applied[edit.record].contains { delete in
            guard delete.kind == .delete, let deleted = firstCommit[delete.number] else { return false }
            return deleted < committed && apart(delete, edit) && !received(delete, before: edit)
        }
    }
}

extension UserAction.Kind {
    /// Whether the action writes fields: a create, an edit or an increment.
    var isWrite: Bool {
        switch self {
        case .create, .edit, .increment: return true
        case .delete, .decision: return false
        }
    }
}
