/// The ground truth of a run, in true time: user actions, commits, record liveness on every replica, and request fates.
final class History {
    /// Everything the checks and the report read, in the order it happened. Devices and records are interned ids,
    /// and each case's values are laid out so that an entry takes 48 bytes.
    enum Entry: Hashable {
        /// A user action, by its number (its index in `actions`).
        case action(Int)
        /// A server commit of `record` carrying `actions`; `device` is nil for the records seeded at time 0.
        case commit(time: SimDuration, record: RecordID, tag: Int, device: DeviceID?, actions: IntList, deleted: Bool)
        /// A record became live or gone on a replica (`replica` nil is the server); `tag` is the change tag of the
        /// server version the replica then holds, if it holds one.
        case liveness(time: SimDuration, replica: DeviceID?, record: RecordID, tag: Int?, live: Bool)
        /// A device was reset (reinstalled): its store, outbox and token were wiped, with the user actions
        /// (`wiped`, by number) whose changes were still in its outbox.
        indirect case reset(time: SimDuration, device: DeviceID, wiped: [Int])
        /// A conflict a device met, and what its strategy made of it.
        /// `skewed`: the strategy would have decided otherwise by the true times of the changes it compared.
        /// `compared`: the timestamps the strategy compared; nil on a device that runs a user's app.
        indirect case conflict(time: SimDuration, device: DeviceID, record: RecordID, outcome: String, skewed: Bool,
                      compared: ComparedStamps? = nil)
        /// The user decided a conflict shown at `shownAt`.
        indirect case decided(time: SimDuration, device: DeviceID, record: RecordID, shownAt: SimDuration, choice: UserChoice)
    }

    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    @exclusivity(unchecked) private(set) var actions: [UserAction] = []

    /// Makes room for about `actions` user actions, and four entries for each, before a run records them one by one.
    /// Grown an append at a time, the actions were copied over a dozen times. A step makes one to four entries in most
    /// of the bench's runs (its action, commits, and the liveness they change on every replica; a run that seeds many
    /// records makes more): room for one each left the realistic run to copy its 30,000 entries twice more.
    func reserveCapacity(actions: Int) {
        self.actions.reserveCapacity(actions)
        entries.reserveCapacity(4 * actions)
    }

    func record(_ entry: Entry) {
        entries.append(entry)
    }

    /// Records a user action; its `number` must be `nextActionNumber`.
    func record(_ action: consuming UserAction) {
        entries.append(.action(actions.count))
        actions.append(action)
    }

    /// The number the next user action will get.
    var nextActionNumber: Int { actions.count }
}

/// The two timestamps a strategy compared in a conflict, by the clock it reads.
struct ComparedStamps: Hashable {
    var clock: LWWClock
    var local: ConflictStamp
    var server: ConflictStamp
}

/// One user action on a device, as it happened.
struct UserAction: Hashable {
    enum Kind: Hashable {
        case create(fields: Fields)
        case edit(set: Fields, unset: [String])
        case delete
        case increment(field: String, by: Double)
        /// A user's decision on a conflict shown by `user-choice`.
        case decision(UserChoice)
    }
    var number: Int
    var time: SimDuration
    var device: DeviceID
    var record: RecordID
    var kind: Kind
    /// False when the action could not apply (the record was not on the device).
    var applied: Bool
    /// The server change tag of the record the device showed when the user acted, if it had synced one.
    var seenTag: Int?
    /// The highest change tag of the record the device had received when the user acted, in a fetched page or
    /// a save's answer (versions it set aside for a pending change included), if any.
    var receivedTag: Int?

    /// Whether this is an `edit` or an `increment` (a change of an existing record's fields).
    var isEdit: Bool {
        switch kind {
        case .edit, .increment: return true
        case .create, .delete, .decision: return false
        }
    }
}
