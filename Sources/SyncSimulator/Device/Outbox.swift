/// A device's queue of changes waiting for the server's acknowledgement, in the order the user made them.
final class Outbox {
    /// One change: a save of named fields or of the whole record, a delete, or an increment.
    struct Entry {
        enum Kind {
            /// A save of the fields named.
            case save(changed: FieldNames)
            /// A save of the whole record: a create, or a side kept whole over a conflict.
            case replace
            case delete
            case increment(field: String, by: Double, action: Int, timestamp: Int64)
        }
        var serial: Int
        var record: RecordID
        var kind: Kind
        var actions: IntList
        /// The serial the next change had when this one's content was last set: its own serial, or a later one once
        /// a change was folded into it or a conflict resolved it. Increments with lower serials were made before it.
        var writtenAt: Int
        /// How many times the change was sent; one sent and not acknowledged may have been committed.
        var sends = 0
        /// Whether it was sent since its content was last set (made, or rebuilt from a conflict or for increments):
        /// a change folded into it before it was first sent leaves it as it is then sent. Not `writtenAt == serial`,
        /// which a fold before the first send moves too.
        var sentSinceWritten = false
        /// A delete sent before the user re-created its record: what it is sent with again, which the store, holding
        /// the re-created record, no longer has. Nil for every other change.
        var sentDelete: SentDelete?
        /// A save of the device's side kept over a tombstone: what it is sent on, as the store holds no server version
        /// of a deleted record. Nil for every other change.
        var keptOverTombstone: KeptOverTombstone?
        /// Where the change stands: waiting, in flight, held for the user, or rebuilt from the user's decision.
        var state = State.waiting

        var isIncrement: Bool {
            if case .increment = kind { return true }
            return false
        }

        /// Whether it was sent and put back without an answer, unchanged since it was sent: the server may have
        /// committed it.
        var mayBeCommittedUnanswered: Bool { sentSinceWritten && state == .waiting }

        /// Whether the change saves fields, some or all.
        var isSave: Bool {
            switch kind {
            case .save, .replace: return true
            case .delete, .increment: return false
            }
        }
    }

    /// The tombstone a save of the device's side was kept over: its change tag, which the save is sent on, and how
    /// the server answered it there. `unknownItem` means the tombstone is purged, or another device deleted the
    /// record again since (a server answering saves over deleted records `unknownItem` tells neither apart): the save
    /// is sent again on the same tag after a fetch, which brings a newer deletion to meet as a conflict; refused
    /// again, the tombstone is taken for purged and the side is saved as a new record, unless a full listing left the
    /// record out since the side was kept (no listing shows a newer deletion: the record is taken as deleted, see
    /// `Device.dropKeptSide`). The tag is kept even then: a
    /// deletion newer than it that arrives before that save lands is met as a conflict too (see `Device.item(for:)`).
    struct KeptOverTombstone {
        enum Standing: Equatable {
            /// Sent on the tombstone's tag.
            case kept
            /// Refused once, when the device had finished `fetches` fetches: sent on the tag again, and taken for
            /// purged only when refused after a fetch finished since.
            case refusedOnce(fetches: Int)
            /// Refused twice with a fetch between: sent as a new record, unless a deletion newer than the tag arrived.
            case purged
        }
        var tag: Int
        var standing = Standing.kept

        /// The save was answered `unknownItem` on the tag, when the device had finished `fetches` fetches. Refused
        /// again before a fetch finished, it stays refused once: a sync sends before it fetches, so a sync whose fetch
        /// failed sends the save again without having looked for a newer deletion.
        mutating func refused(fetches: Int) {
            switch standing {
            case .kept: standing = .refusedOnce(fetches: fetches)
            case let .refusedOnce(then) where fetches > then: standing = .purged
            case .refusedOnce, .purged: break
            }
        }
    }

    /// The change tag a delete is based on and the timestamp the user deleted at.
    struct SentDelete {
        var baseTag: Int?
        var timestamp: Int64
    }

    /// The changes in the order made, whether each slot still holds its change (a removed one stays until the empty
    /// slots are dropped), and the serial of each slot. Serials only grow, so a change is found by its serial without
    /// hashing: at once while no slot before it was dropped, or none after it, by a binary search otherwise. Empty
    /// slots are dropped once they outnumber the changes by more than 16. A flag beside each slot, not an optional
    /// slot: telling an optional entry from nil took a call to the compiler's tag check at every slot a scan walked.
    @exclusivity(unchecked) private var slots: [Entry] = []
    @exclusivity(unchecked) private var held: [Bool] = []
    @exclusivity(unchecked) private var serials: [Int] = []
    /// How many slots hold a change.
    @exclusivity(unchecked) private(set) var count = 0
    /// Each record's serials, in the order made, and how many of its changes are increments.
    @exclusivity(unchecked) private var byRecord: [RecordID: RecordChanges] = [:]
    /// Records that gained or lost a waiting change since `forEachTouched` was last called, a record once for each
    /// change: a list costs less than a set for the one or two records an event touches.
    @exclusivity(unchecked) private var touched: [RecordID] = []
    /// The records `nextBatch` has met a save or delete of, and the serial of each record's first increment sent
    /// and not answered, kept between calls so that their tables are not made anew.
    @exclusivity(unchecked) private var recordsWritten = Set<RecordID>()
    @exclusivity(unchecked) private var unanswered: [RecordID: Int] = [:]
    /// The serial of the next change: changes made from now on have it or a higher one.
    @exclusivity(unchecked) private(set) var nextSerial = 0

    var isEmpty: Bool { count == 0 }

    /// How many slots a batch scan walks, the empty ones not yet dropped included.
    var slotCount: Int { slots.count }

    /// Where the change numbered `serial` is, if it has a slot.
    private func slot(of serial: Int) -> Int? {
        serials.withUnsafeBufferPointer { serials in
            guard let first = serials.first, let last = serials.last else { return nil }
            let guess = serial &- first
            if guess >= 0 && guess < serials.count && serials[guess] == serial { return guess }
            // Counted from the end instead: right while no slot after it was dropped, as for the changes made since
            // the empty slots were last dropped.
            let fromEnd = serials.count &- 1 &- (last &- serial)
            if fromEnd >= 0 && fromEnd < serials.count && serials[fromEnd] == serial { return fromEnd }
            // Halving without a branch on the comparison, which no predictor guesses: a conditional move instead.
            var (base, remaining) = (0, serials.count)
            while remaining > 1 {
                let half = remaining / 2
                base = serials[base + half] <= serial ? base + half : base
                remaining -= half
            }
            return serials[base] == serial ? base : nil
        }
    }

    /// The change numbered `serial`, which must still wait.
    private subscript(serial: Int) -> Entry {
        get { slots[waitingSlot(of: serial)!] }
        _modify {
            let slot = waitingSlot(of: serial)!
            let wasIncrement = slots[slot].isIncrement
            yield &slots[slot]
            countKindChange(at: slot, wasIncrement: wasIncrement)
        }
    }

    /// Keeps the record's count of increments right after the change at `slot` was changed in place.
    private func countKindChange(at slot: Int, wasIncrement: Bool) {
        let isIncrement = slots[slot].isIncrement
        guard isIncrement != wasIncrement else { return }
        byRecord[slots[slot].record]!.kindChanged(toIncrement: isIncrement)
    }

    /// Whether the change numbered `serial` still waits.
    func holds(serial: Int) -> Bool { waitingSlot(of: serial) != nil }

    /// The slot of the change numbered `serial`, if it still waits there.
    private func waitingSlot(of serial: Int) -> Int? {
        guard let slot = slot(of: serial), held[slot] else { return nil }
        return slot
    }

    /// Adds a change, or folds it into a save or delete of the record that was never sent, with serial `first` or a
    /// higher one, and returns the serial of the change that holds it. One sent before stays as it was: committed
    /// with its answer lost, its resend must repeat it, key and all, for the server to know it. A save of the whole
    /// record takes the place of one never sent with a lower serial, its actions with it: it replaces all that one
    /// wrote, and is a change made now, after `first`.
    @discardableResult
    func add(_ kind: Entry.Kind, record: RecordID, action: Int?, foldingFrom first: Int = 0) -> Int {
        let actions = action.map(IntList.init) ?? []
        if case .increment = kind { return append(kind, record: record, actions: actions) }
        guard let serial = lastUnsentWrite(of: record) else { return append(kind, record: record, actions: actions) }
        guard serial >= first else {
            guard case .replace = kind else { return append(kind, record: record, actions: actions) }
            let replaced = self[serial].actions
            remove(serial: serial)
            return append(kind, record: record, actions: replaced + actions)
        }
        let written = nextSerial
        // Folded where it lies: each `self[serial]` found the slot again, and reading the kind copied the change.
        update(serial: serial) { change in
            change.actions.append(contentsOf: actions)
            change.writtenAt = written
            switch (change.kind, kind) {
            case let (.save(old), .save(new)): change.kind = .save(changed: old.union(new))
            case (.replace, .save), (.save, .replace): change.kind = .replace
            default: change.kind = kind
            }
        }
        return serial
    }

    /// Whether an increment of the record was sent and put back without an answer: the server may count it already.
    func hasUnansweredIncrement(of record: RecordID) -> Bool {
        scanEntries(of: record) { $0.pointee.isIncrement && $0.pointee.mayBeCommittedUnanswered }
    }

    /// Puts a change back among the unsent ones as written now, as `kind` when given, keeping a user's decision it
    /// carries: rebuilt from a conflict's resolution, or a save left to meet its conflict again once the answers of
    /// its record's increments sent before are in (see `nextBatch`).
    func rewrite(serial: Int, as kind: Entry.Kind? = nil) {
        let written = nextSerial
        update(serial: serial) { change in
            change.state = change.state.isDecided ? .decided : .waiting
            if let kind { change.kind = kind }
            change.writtenAt = written
            change.sentSinceWritten = false
        }
    }

    /// Puts a change that was in flight back among the unsent ones.
    func markUnsent(serial: Int) {
        if holds(serial: serial) { self[serial].state.putBack() }
    }

    private func append(_ kind: Entry.Kind, record: RecordID, actions: IntList) -> Int {
        let serial = nextSerial
        slots.append(Entry(serial: serial, record: record, kind: kind, actions: actions, writtenAt: serial))
        held.append(true)
        serials.append(serial)
        nextSerial += 1
        count += 1
        byRecord[record, default: RecordChanges()].add(serial, isIncrement: slots[slots.count - 1].isIncrement)
        touched.append(record)
        return serial
    }

    /// Whether some record's changes came or went since the last `forEachTouched`.
    var wasTouched: Bool { !touched.isEmpty }

    /// Calls `body` with each record whose changes came or went since the last call, as often as they did.
    func forEachTouched(_ body: (RecordID) -> Void) {
        touched.forEach(body)
        touched.removeAll(keepingCapacity: true)
    }

    /// The serials of the record's waiting changes, in the order made.
    private func serials(of record: RecordID) -> IntList {
        // Most takes of a fetched version find the outbox empty: no need to hash the record id then.
        isEmpty ? [] : byRecord[record]?.serials ?? []
    }

    /// Reads the record's waiting changes in the order made until `stop` returns true, and returns whether it did.
    /// Each is handed where it lies, its slot known to hold it: handed by value, it was copied out of its slot, its
    /// arrays retained, even to read one field.
    private func scanEntries(of record: RecordID, until stop: (UnsafePointer<Entry>) -> Bool) -> Bool {
        scanEntries(serials(of: record), until: stop)
    }

    /// Reads the waiting changes numbered `serials` in turn until `stop` returns true, as `scanEntries(of:until:)`.
    private func scanEntries(_ serials: IntList, until stop: (UnsafePointer<Entry>) -> Bool) -> Bool {
        guard !serials.isEmpty else { return false }
        return slots.withUnsafeBufferPointer { slots in serials.contains { stop(slots.inPlace(slot(of: $0)!)) } }
    }

    func hasChanges(for record: RecordID) -> Bool { byRecord[record] != nil }

    /// The serial of the record's last save or delete never sent: a save or delete added now folds into it.
    private func lastUnsentWrite(of record: RecordID) -> Int? {
        byRecord[record]?.serials.last { !self[$0].isIncrement && self[$0].sends == 0 }
    }

    /// Whether a save or delete added now folds into a delete of the record never sent, with no delete of it sent
    /// before (the server may have that one committed already).
    func foldsIntoUnsentDelete(_ record: RecordID) -> Bool {
        guard let serial = lastUnsentWrite(of: record), case .delete = self[serial].kind else { return false }
        return !scanEntries(of: record) { entry in
            guard case .delete = entry.pointee.kind else { return false }
            return entry.pointee.sends > 0
        }
    }

    /// The record is re-created over its delete, already sent: the delete keeps what it was sent with, `sent`, to be
    /// resent as it was (its key repeats a change the server may have committed) and to meet a conflict as a delete.
    func keepSentDelete(of record: RecordID, _ sent: SentDelete) {
        for serial in serials(of: record) where self[serial].sends > 0 && self[serial].sentDelete == nil {
            if case .delete = self[serial].kind { self[serial].sentDelete = sent }
        }
    }

    /// Whether a delete of the record sent before it was re-created waits (see `keepSentDelete`).
    func hasSentDelete(of record: RecordID) -> Bool { scanEntries(of: record) { $0.pointee.sentDelete != nil } }

    /// What the delete numbered `serial` keeps of its sending, if its record was re-created since.
    func sentDelete(serial: Int) -> SentDelete? {
        guard let slot = waitingSlot(of: serial) else { return nil }
        return slots.withUnsafeBufferPointer { $0.inPlace(slot).pointee.sentDelete }
    }

    /// The user actions the waiting changes carry, by number.
    var actions: [Int] { slots.indices.flatMap { held[$0] ? slots[$0].actions : [] }.sorted() }

    /// Whether a save or delete of the record is waiting.
    func hasWrite(for record: RecordID) -> Bool {
        // Every change that is no increment is a save or delete: counted, not looked for.
        guard !isEmpty, let changes = byRecord[record] else { return false }
        return changes.serials.count > changes.increments
    }

    /// Whether a save or delete of the record still waiting has serial `first` or a higher one.
    func hasWrite(for record: RecordID, madeSince first: Int) -> Bool {
        scanEntries(of: record) { !$0.pointee.isIncrement && $0.pointee.serial >= first }
    }

    /// Whether every save or delete of the record still waiting has serial `first` or a higher one (a change folded
    /// into an earlier save keeps that save's serial).
    func writes(of record: RecordID, madeSince first: Int) -> Bool {
        !scanEntries(of: record) { !$0.pointee.isIncrement && $0.pointee.serial < first }
    }

    /// Whether a change of the record still waiting, of any kind, has serial `first` or a higher one.
    func hasChanges(for record: RecordID, madeSince first: Int) -> Bool {
        scanEntries(of: record) { $0.pointee.serial >= first }
    }

    /// The fields the record's waiting saves write, those from serial `first` on, or nil when one of them saves the
    /// whole record.
    func fieldsSaved(of record: RecordID, madeSince first: Int = 0) -> FieldNames? {
        var names: FieldNames = []
        let whole = scanEntries(of: record) { entry in
            guard entry.pointee.serial >= first else { return false }
            switch entry.pointee.kind {
            case let .save(changed): names.formUnion(changed)
            case .replace: return true
            case .delete, .increment: break
            }
            return false
        }
        return whole ? nil : names
    }

    /// The increments of `record` not yet acknowledged, in the order they were made.
    func pendingIncrements(of record: RecordID) -> [(field: String, by: Double, action: Int)] {
        // Most records asked about have none: their changes are not walked then.
        guard !isEmpty, let changes = byRecord[record], changes.increments > 0 else { return [] }
        var increments: [(field: String, by: Double, action: Int)] = []
        // The serials found above, not looked up again.
        _ = scanEntries(changes.serials) { entry in
            if case let .increment(field, by, action, _) = entry.pointee.kind { increments.append((field, by, action)) }
            return false
        }
        return increments
    }

    /// Gives the actions of an increment the server refused (`unknownItem`) to the record's save of a side kept over
    /// a tombstone, if one waits: that save sends the record whole as the device shows it, the increment's value in
    /// it, so from then on it carries the increment, to the commit that lands it or the reset that wipes it.
    func handToSaveKeptOverTombstone(_ actions: IntList, of record: RecordID) {
        guard let serial = serials(of: record).last(where: { self[$0].keptOverTombstone != nil }) else { return }
        self[serial].actions.append(contentsOf: actions)
    }

    func update(serial: Int, _ change: (inout Entry) -> Void) {
        guard let slot = waitingSlot(of: serial) else { return }
        let wasIncrement = slots[slot].isIncrement
        change(&slots[slot])
        countKindChange(at: slot, wasIncrement: wasIncrement)
    }

    func remove(serial: Int) {
        guard let slot = waitingSlot(of: serial) else { return }
        let (record, isIncrement) = slots.withUnsafeBufferPointer { ($0.inPlace(slot).pointee.record,
                                                                    $0.inPlace(slot).pointee.isIncrement) }
        held[slot] = false
        count -= 1
        touched.append(record)
        if let index = byRecord.index(forKey: record) {
            byRecord.values[index].remove(serial, isIncrement: isIncrement)
            if byRecord.values[index].serials.isEmpty { byRecord.remove(at: index) }
        }
        if slots.count > 2 * count + 16 {
            var kept = 0
            // Swapped in the buffer, the entries are moved as they are: swapped in the array, each was copied.
            slots.withUnsafeMutableBufferPointer { slots in
                for index in slots.indices where held[index] {
                    if kept != index { slots.swapAt(kept, index) }
                    serials[kept] = serials[index]
                    kept += 1
                }
            }
            slots.removeSubrange(kept...)
            serials.removeSubrange(kept...)
            held = Array(repeating: true, count: kept)
        }
    }

    /// Removes entries of `record` that `matching` selects and are not in flight.
    func removeWaiting(for record: RecordID, where matching: (Entry) -> Bool) {
        // Every serial the record lists still waits: removing one leaves the others where they are.
        for serial in serials(of: record) {
            let entry = self[serial]
            if !entry.state.isInFlight && matching(entry) { remove(serial: serial) }
        }
    }

    /// Puts every change in flight back among the unsent ones (the app was killed).
    func clearInFlight() {
        for index in slots.indices where held[index] { slots[index].state.putBack() }
    }

    func removeAll() {
        touched.append(contentsOf: byRecord.keys)
        slots = []
        held = []
        serials = []
        count = 0
        byRecord = [:]
    }

    /// Whether the increment waits for the user: a save or delete of its record waits in a conflict shown to the user,
    /// or, when the increment was never sent, for the answer to the user's decision. One sent before may have been
    /// committed, and that save waits for it in turn.
    private func waitsForUser(_ increment: Entry) -> Bool {
        scanEntries(of: increment.record) {
            $0.pointee.state == .heldForUser || $0.pointee.state.isDecided && increment.sends == 0
        }
    }

    /// Whether the increment numbered `serial` was made after a tombstone of its record arrived, set aside for a save
    /// or delete of it still waiting: it waits for that write to be settled.
    private func waitsForTombstone(_ serial: Int, of record: RecordID, _ tombstoneSince: (RecordID) -> Int?) -> Bool {
        guard let since = tombstoneSince(record), serial >= since else { return false }
        return hasWrite(for: record)
    }

    /// The next batch: unsent changes not yet tried in this sync, saves and deletes first so increments add onto
    /// them. A record's saves and deletes go one at a time in the order made: a later one waits while an earlier one
    /// is in flight or unanswered, so the server never applies them out of order. A save or delete also waits while
    /// an increment of its record made before it was written was sent and never answered: committed with its answer
    /// lost, it must not be overwritten by a save that leaves it out while its resend counts for nothing. A save
    /// resolved from a conflict, or with a later change folded in, is written then, so it waits for increments made
    /// after it was first queued too, unless the record is `new` (the device holds no server version of it): then
    /// the increment cannot have been committed before the save. An increment of a new record waits while an
    /// earlier save or delete of it is left out of the batch (it failed in this sync and waits to be sent again, or
    /// waits behind another, as a re-create behind the delete sent before it): the server lacks the record until that
    /// save lands, so the increment, sent alone, would be answered `unknownItem` and dropped, or added to the record
    /// the delete is about. An increment of a record whose save or delete is in a conflict shown to the user waits
    /// for the decision too: it adds onto whichever side the user keeps, and the server's side may be a tombstone
    /// that would answer it `unknownItem`; one never sent waits then for the answer to the save the decision
    /// rebuilt, whose base it would make stale. An increment made after a tombstone of its record arrived, set aside
    /// for a save or delete still waiting (`tombstoneSince` gives the serial it arrived at), waits for that write to
    /// be settled: it is a change on top of the deletion, which the tombstone would refuse, and settled over the
    /// tombstone the record as shown is saved anew with it.
    func nextBatch(limit: Int, skipping tried: Set<SerialKey>, new: (RecordID) -> Bool,
                   tombstoneSince: (RecordID) -> Int? = { _ in nil }) -> [Entry] {
        // Most calls find nothing to send, every change in flight or tried in this sync: they stop at this scan.
        let anySendable = slots.withUnsafeBufferPointer { slots in
            slots.indices.contains { index in
                guard held[index], slots[index].state == .waiting || slots[index].state == .decided else { return false }
                return !tried.contains(SerialKey(slots[index].serial))
            }
        }
        guard anySendable else { return [] }
        var batch: [Entry] = []
        batch.reserveCapacity(Swift.min(limit, count))
        var increments: [Int] = []
        unanswered.removeAll(keepingCapacity: true)
        recordsWritten.removeAll(keepingCapacity: true)
        // Only writes of records the server may lack are noted: only increments of those wait for them.
        var newWritesLeftOut = Set<RecordID>()
        // Entries are read where they are: copying each out of its slot cost more than the rest of the scan.
        slots.withUnsafeBufferPointer { slots in
            for index in slots.indices where held[index] && slots[index].isIncrement && slots[index].sends > 0 {
                if unanswered[slots[index].record] == nil { unanswered[slots[index].record] = slots[index].serial }
            }
            for index in slots.indices where held[index] {
                let (serial, record, state) = (slots[index].serial, slots[index].record, slots[index].state)
                let sendable = (state == .waiting || state == .decided) && !tried.contains(SerialKey(serial))
                if slots[index].isIncrement {
                    let waitsForCreate = newWritesLeftOut.contains(record)
                    if sendable && !waitsForCreate && batch.count + increments.count < limit
                        && !waitsForUser(slots[index]) && !waitsForTombstone(serial, of: record, tombstoneSince) {
                        increments.append(index)
                    }
                    continue
                }
                let first = recordsWritten.insert(record).inserted
                let waitsForIncrement = unanswered[record].map { increment in
                    increment < serial || increment < slots[index].writtenAt && !new(record)
                } ?? false
                if first && !waitsForIncrement && sendable && batch.count + increments.count < limit {
                    batch.append(slots[index])
                } else if !state.isInFlight && new(record) {
                    newWritesLeftOut.insert(record)
                }
            }
        }
        for index in increments { batch.append(slots[index]) }
        return batch
    }
}

/// A record's waiting changes in an outbox: their serials in the order made, and how many of them are increments,
/// so that most records, which have none, are not walked to find their increments, and whether a save or delete of
/// the record waits is a difference of counts.
private struct RecordChanges {
    private(set) var serials: IntList = []
    private(set) var increments = 0

    mutating func add(_ serial: Int, isIncrement: Bool) {
        serials.append(serial)
        if isIncrement { increments += 1 }
    }

    mutating func remove(_ serial: Int, isIncrement: Bool) {
        serials.remove(serial)
        if isIncrement { increments -= 1 }
    }

    /// One of the changes became an increment, or stopped being one.
    mutating func kindChanged(toIncrement isIncrement: Bool) {
        increments += isIncrement ? 1 : -1
    }
}
