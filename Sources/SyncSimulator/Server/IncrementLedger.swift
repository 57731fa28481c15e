/// Which user changes (by action number) a record's number fields count, and how many times each: increments,
/// and the user's write of the number they build on (both sides' writes where a `sum` merge combined two).
/// Versions share their fields' tallies: an increment adds a link, not a copy of the table, and a table is copied
/// only once per fold (see `Tally`).
struct IncrementLedger: Sendable {
    private var tallies: NameTable<Tally> = [:]

    /// No field counts any change.
    init() {}

    /// The ledger of a record whose `fields` were all just written by `action`: each number field counts it once. Made
    /// at once in name order, where writing the fields one by one grew the table a field at a time.
    init(writing fields: Fields, by action: Int) {
        var entries: [NameTable<Tally>.Entry] = []
        entries.reserveCapacity(fields.table.entries.count)
        var once: Tally?
        for field in fields.table.entries where field.value.number != nil {
            entries.append(.init(name: field.name, value: IncrementLedger.tally(once: action, sharing: &once)))
        }
        tallies = NameTable(nameOrdered: entries)
    }

    /// A user's write of `fields` by `action`: it replaces every earlier change of each, and counts `action` once in
    /// each number it writes.
    mutating func write(_ fields: Fields, by action: Int) {
        var once: Tally?
        for (name, value) in fields {
            tallies[name] = value.number == nil ? nil : IncrementLedger.tally(once: action, sharing: &once)
        }
    }

    /// A tally counting `action` once: `shared`, made by the first call. Tallies never change, so the fields one
    /// action wrote can all hold the same one.
    private static func tally(once action: Int, sharing shared: inout Tally?) -> Tally {
        if let shared { return shared }
        let tally = Tally(once: action)
        shared = tally
        return tally
    }

    /// Counts `action` once more in `field` (`times` more; fewer when negative).
    mutating func add(_ action: Int, to field: String, times: Int = 1) {
        tallies[field] = Tally(adding: times, to: action, on: tallies[field])
    }

    /// How many times `field` counts `action`.
    func count(of action: Int, in field: String) -> Int { tallies[field]?.count(of: action) ?? 0 }

    /// Replaces `field`'s provenance with `other`'s (the value was overwritten by a save).
    mutating func take(_ field: String, from other: IncrementLedger) {
        tallies[field] = other.tallies[field]
    }

    /// The provenance of a value that combines two sides' values, tallied `one` and `other`, that both started from a
    /// value tallied `ancestor`: both sides' changes, the common ones once; a change of the ancestor that a side
    /// replaced is gone.
    static func combined(_ one: Tally?, _ other: Tally?, over ancestor: Tally?) -> Tally? {
        var combined = one?.counts ?? [:]
        for (action, times) in other?.counts ?? [:] { combined[action, default: 0] += times }
        for (action, times) in ancestor?.counts ?? [:] { combined[action, default: 0] -= times }
        combined = combined.filter { $0.value > 0 }
        return combined.isEmpty ? nil : Tally(counts: combined)
    }

    /// The ledger of the fields' tallies given, in name order, each field once.
    init(nameOrdered tallies: [NameTable<Tally>.Entry]) {
        self.tallies = NameTable(nameOrdered: tallies)
    }

    /// The ledger's tallies, to be read by field in name order.
    var walk: NameTable<Tally>.Walk { NameTable.Walk(tallies) }

    /// Keeps only the fields that `fields` holds.
    mutating func keep(onlyFieldsOf fields: Fields) {
        // Both tables are in name order: each is walked once, not searched for every tally.
        var held = NameTable.Walk(fields.table)
        guard tallies.entries.contains(where: { !held.contains($0.name) }) else { return }
        var kept = NameTable.Walk(fields.table)
        tallies = tallies.filter { kept.contains($0.name) }
    }

    /// Whether some field's tally holds changes on top of its table, which `flattened` folds in.
    var hasChanges: Bool { tallies.entries.contains { $0.value.hasChanges } }

    /// The same ledger with every field's tally in one table, for the many lookups of the end-state checks.
    var flattened: IncrementLedger {
        var flat = self
        flat.tallies = tallies.mapValues { $0.hasChanges ? Tally(counts: $0.counts) : $0 }
        return flat
    }
}

/// One field's counts, immutable and shared: a table, and the changes made on top of it since, newest first.
/// A tally folds its changes into a new table once there are as many as the table's entries (at least 8), or 64,
/// so a lookup walks at most 64 links and releasing a chain never recurses deeper.
final class Tally: Sendable {
    /// What the tally holds: counts at the bottom of a chain, or one change on top of another tally.
    private enum Form {
        /// The counts of any number of actions but one.
        case table([Int: Int])
        /// One action and its count, held without a table: what a user's write of a number makes, the most common
        /// tally by far, whose one-entry table cost more to make than the rest of the write.
        case single(action: Int, times: Int)
        /// `below` with `action` counted `times` more.
        case change(action: Int, times: Int, below: Tally)
    }

    private let form: Form
    /// Links from here down to the bottom.
    private let depth: Int
    /// Actions counted at the bottom.
    private let tableSize: Int

    private static let longestChain = 64

    private init(_ form: Form, depth: Int, tableSize: Int) {
        self.form = form
        self.depth = depth
        self.tableSize = tableSize
    }

    convenience init(counts: [Int: Int]) {
        if counts.count == 1, let (action, times) = counts.first {
            self.init(.single(action: action, times: times), depth: 0, tableSize: 1)
        } else {
            self.init(.table(counts), depth: 0, tableSize: counts.count)
        }
    }

    /// A tally counting `action` once.
    convenience init(once action: Int) {
        self.init(.single(action: action, times: 1), depth: 0, tableSize: 1)
    }

    /// `below` with `action` counted `times` more.
    convenience init(adding times: Int, to action: Int, on below: Tally?) {
        if let below, below.depth < min(Tally.longestChain, max(8, below.tableSize)) {
            self.init(.change(action: action, times: times, below: below), depth: below.depth + 1,
                      tableSize: below.tableSize)
        } else {
            var counts = below?.counts ?? [:]
            Tally.count(times, more: action, in: &counts)
            self.init(counts: counts)
        }
    }

    /// Counts `action` `times` more in `counts`, dropping it at zero.
    private static func count(_ times: Int, more action: Int, in counts: inout [Int: Int]) {
        let total = (counts[action] ?? 0) + times
        counts[action] = total == 0 ? nil : total
    }

    var hasChanges: Bool { depth > 0 }

    /// How many times the tally counts `action`.
    func count(of action: Int) -> Int {
        var total = 0
        var tally = self
        while true {
            switch tally.form {
            case let .change(changed, times, below):
                if changed == action { total += times }
                tally = below
            case let .single(counted, times): return total + (counted == action ? times : 0)
            case let .table(counts): return total + (counts[action] ?? 0)
            }
        }
    }

    /// Every action counted a non-zero number of times, with its count.
    var counts: [Int: Int] {
        var links: [(action: Int, times: Int)] = []
        var tally = self
        var counts: [Int: Int]
        bottom: while true {
            switch tally.form {
            case let .change(action, times, below):
                links.append((action, times))
                tally = below
            case let .single(action, times):
                counts = [action: times]
                break bottom
            case let .table(table):
                counts = table
                break bottom
            }
        }
        for link in links.reversed() { Tally.count(link.times, more: link.action, in: &counts) }
        return counts
    }
}
