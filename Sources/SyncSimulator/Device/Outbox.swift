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
        /// Bumped whenever the change takes in another, so its idempotency key changes with its content: a resend
        /// of what may have been committed already repeats the key, a change that grew since does not.
        var revision = 0
        /// How many times the change was sent; one sent and not acknowledged may have been committed.
        var sends = 0
        /// Sent and not yet answered.
        var inFlight = false
        /// In a conflict shown to the user: not sent until the user decides.
        var heldForUser = false

        var isIncrement: Bool {
            if case .increment = kind { return true }
            return false
        }
    }

    /// Every waiting change by serial.
    private var bySerial: [Int: Entry] = [:]
    /// Serials in the order the changes were made (serials only grow); removed ones are skipped, then compacted.
    private var order: [Int] = []
    /// Each record's serials, in the order made.
    private var byRecord: [String: [Int]] = [:]
    private var nextSerial = 0
    /// Records that gained or lost a waiting change since `takeTouched()` was last called.
    private var touched = Set<String>()

    var isEmpty: Bool { bySerial.isEmpty }
    var count: Int { bySerial.count }

    /// Adds a change, or folds it into a save or delete of the record that has not been sent yet.
    mutating func add(_ kind: Entry.Kind, record: String, action: Int?) {
        let actions = action.map { [$0] } ?? []
        if case .increment = kind {
            append(kind, record: record, actions: actions)
            return
        }
        let unsent = byRecord[record]?.last { !bySerial[$0]!.isIncrement && !bySerial[$0]!.inFlight }
        guard let serial = unsent else {
            append(kind, record: record, actions: actions)
            return
        }
        bySerial[serial]!.actions += actions
        bySerial[serial]!.kind = Outbox.folded(bySerial[serial]!.kind, into: kind)
        bySerial[serial]!.revision += 1
    }

    /// One write standing for an earlier and a later write of a record: saves merge their fields, else the later wins.
    private static func folded(_ earlier: Entry.Kind, into later: Entry.Kind) -> Entry.Kind {
        if case let .save(old, oldReplace) = earlier, case let .save(new, replace) = later {
            return .save(changed: old.union(new), replace: oldReplace || replace)
        }
        return later
    }

    /// Puts a change that was in flight back among the unsent ones. A later save or delete of its record, queued
    /// while it was in flight, takes it in: the earlier write must not be sent again after the later one.
    mutating func markUnsent(serial: Int) {
        guard var entry = bySerial[serial] else { return }
        entry.inFlight = false
        bySerial[serial] = entry
        guard !entry.isIncrement, let later = byRecord[entry.record]?.last(where: { other in
            other > serial && !bySerial[other]!.isIncrement && !bySerial[other]!.inFlight
        }) else { return }
        bySerial[later]!.actions = entry.actions + bySerial[later]!.actions
        bySerial[later]!.kind = Outbox.folded(entry.kind, into: bySerial[later]!.kind)
        bySerial[later]!.revision += 1
        remove(serial: serial)
    }

    private mutating func append(_ kind: Entry.Kind, record: String, actions: [Int]) {
        bySerial[nextSerial] = Entry(serial: nextSerial, record: record, kind: kind, actions: actions)
        order.append(nextSerial)
        byRecord[record, default: []].append(nextSerial)
        touched.insert(record)
        nextSerial += 1
    }

    /// The records whose changes came or went since the last call.
    mutating func takeTouched() -> Set<String> {
        defer { touched = [] }
        return touched
    }

    /// The record's waiting changes, in the order made.
    private func entries(of record: String) -> [Entry] { (byRecord[record] ?? []).map { bySerial[$0]! } }

    func hasChanges(for record: String) -> Bool { byRecord[record] != nil }

    /// The user actions the waiting changes carry, by number.
    var actions: [Int] { bySerial.values.flatMap(\.actions).sorted() }

    /// Whether a save or delete of the record is waiting.
    func hasWrite(for record: String) -> Bool { entries(of: record).contains { !$0.isIncrement } }

    /// The increments of `record` not yet acknowledged, in the order they were made.
    func pendingIncrements(of record: String) -> [(field: String, by: Double, action: Int)] {
        entries(of: record).compactMap { entry in
            guard case let .increment(field, by, action, _) = entry.kind else { return nil }
            return (field, by, action)
        }
    }

    mutating func update(serial: Int, _ change: (inout Entry) -> Void) {
        if bySerial[serial] != nil { change(&bySerial[serial]!) }
    }

    mutating func remove(serial: Int) {
        guard let entry = bySerial.removeValue(forKey: serial) else { return }
        touched.insert(entry.record)
        byRecord[entry.record]?.removeAll { $0 == serial }
        if byRecord[entry.record]?.isEmpty == true { byRecord[entry.record] = nil }
        if order.count > 2 * bySerial.count + 64 { order.removeAll { bySerial[$0] == nil } }
    }

    /// Removes entries of `record` that `matching` selects and are not in flight.
    mutating func removeWaiting(for record: String, where matching: (Entry) -> Bool) {
        for entry in entries(of: record) where !entry.inFlight && matching(entry) { remove(serial: entry.serial) }
    }

    /// Puts every change in flight back among the unsent ones (the app was killed), in the order they were made.
    mutating func clearInFlight() {
        for serial in order where bySerial[serial]?.inFlight == true { markUnsent(serial: serial) }
    }

    mutating func removeAll() {
        touched.formUnion(byRecord.keys)
        bySerial = [:]
        order = []
        byRecord = [:]
    }

    /// The next batch: unsent changes not yet tried in this sync, at most one save or delete per record,
    /// saves and deletes first so increments add onto them. A save or delete waits while an increment of its record
    /// made before it was sent and never answered: committed with its answer lost, it must not be overwritten by a
    /// save that leaves it out while its resend counts for nothing.
    func nextBatch(limit: Int, skipping tried: Set<Int>) -> [Entry] {
        var writes: [Entry] = []
        var increments: [Entry] = []
        var recordsWritten = Set<String>()
        var recordsIncremented = Set<String>()
        for entry in order.lazy.compactMap({ bySerial[$0] }) {
            if entry.isIncrement && entry.sends > 0 { recordsIncremented.insert(entry.record) }
            guard !entry.inFlight && !entry.heldForUser && !tried.contains(entry.serial) else { continue }
            guard writes.count + increments.count < limit else { break }
            if entry.isIncrement {
                increments.append(entry)
            } else if !recordsIncremented.contains(entry.record) && recordsWritten.insert(entry.record).inserted {
                writes.append(entry)
            }
        }
        return writes + increments
    }
}
