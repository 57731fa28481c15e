/// A device's queue of changes waiting for the server's acknowledgement, in the order the user made them.
struct Outbox {
    /// One change: a save of named fields (or of the whole record), a delete, or an increment.
    struct Entry {
        enum Kind {
            case save(changed: Set<String>, replace: Bool)
            case delete
            case increment(field: String, by: Double, action: Int, timestamp: Int64)
        }
        var serial: Int
        var record: String
        var kind: Kind
        var actions: [Int]
        /// Sent and not yet answered.
        var inFlight = false
        /// In a conflict shown to the user: not sent until the user decides.
        var heldForUser = false

        var isIncrement: Bool {
            if case .increment = kind { return true }
            return false
        }
    }

    private(set) var entries: [Entry] = []
    private var nextSerial = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Adds a change, or folds it into a save or delete of the record that has not been sent yet.
    mutating func add(_ kind: Entry.Kind, record: String, action: Int?) {
        let actions = action.map { [$0] } ?? []
        if case .increment = kind {
            append(kind, record: record, actions: actions)
            return
        }
        guard let index = entries.lastIndex(where: { $0.record == record && !$0.isIncrement && !$0.inFlight }) else {
            append(kind, record: record, actions: actions)
            return
        }
        entries[index].actions += actions
        switch (entries[index].kind, kind) {
        case let (.save(old, oldReplace), .save(new, replace)):
            entries[index].kind = .save(changed: old.union(new), replace: oldReplace || replace)
        default:
            entries[index].kind = kind
        }
    }

    private mutating func append(_ kind: Entry.Kind, record: String, actions: [Int]) {
        entries.append(Entry(serial: nextSerial, record: record, kind: kind, actions: actions))
        nextSerial += 1
    }

    func hasChanges(for record: String) -> Bool { entries.contains { $0.record == record } }

    /// Whether a save or delete of the record is waiting.
    func hasWrite(for record: String) -> Bool { entries.contains { $0.record == record && !$0.isIncrement } }

    /// The increments of `record` not yet acknowledged, in the order they were made.
    func pendingIncrements(of record: String) -> [(field: String, by: Double, action: Int)] {
        entries.compactMap { entry in
            guard entry.record == record, case let .increment(field, by, action, _) = entry.kind else { return nil }
            return (field, by, action)
        }
    }

    mutating func update(serial: Int, _ change: (inout Entry) -> Void) {
        if let index = entries.firstIndex(where: { $0.serial == serial }) { change(&entries[index]) }
    }

    mutating func remove(serial: Int) { entries.removeAll { $0.serial == serial } }

    /// Removes entries of `record` that `matching` selects and are not in flight.
    mutating func removeWaiting(for record: String, where matching: (Entry) -> Bool) {
        entries.removeAll { $0.record == record && !$0.inFlight && matching($0) }
    }

    mutating func clearInFlight() {
        for index in entries.indices { entries[index].inFlight = false }
    }

    mutating func removeAll() { entries = [] }

    /// The next batch: unsent changes not yet tried in this sync, at most one save or delete per record,
    /// saves and deletes first so increments add onto them.
    func nextBatch(limit: Int, skipping tried: Set<Int>) -> [Entry] {
        var writes: [Entry] = []
        var increments: [Entry] = []
        var recordsWritten = Set<String>()
        for entry in entries where !entry.inFlight && !entry.heldForUser && !tried.contains(entry.serial) {
            guard writes.count + increments.count < limit else { break }
            if entry.isIncrement {
                increments.append(entry)
            } else if recordsWritten.insert(entry.record).inserted {
                writes.append(entry)
            }
        }
        return writes + increments
    }
}
