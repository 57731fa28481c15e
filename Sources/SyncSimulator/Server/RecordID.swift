/// A record's id inside a run: its name with a hash of it worked out once, so a lookup by id never hashes text.
///
/// Ids are made from names at the edges of a run (the scenario, an app) and carried as they are from then on; the
/// checks and reports read `name`. Ids order by name, so every sorted listing is what it would be with the names.
struct RecordID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    let name: String
    /// The name's string hash, worked out once: it agrees with string equality (`é` as one scalar or as `e` and an
    /// accent; `K` and the Kelvin sign). It changes from process to process, as every string hash does, and only
    /// the order of a table's storage depends on it, never what a run reports.
    private let code: Int

    init(_ name: String) {
        self.name = name
        code = name.hashValue
    }

    init(stringLiteral name: String) { self.init(name) }

    static func == (lhs: RecordID, rhs: RecordID) -> Bool {
        lhs.code == rhs.code && lhs.name == rhs.name
    }

    static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.name < rhs.name }

    func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code worked out at creation, with the table's seed, instead of a `Hasher` run over the name per lookup.
    /// The code is already a well-mixed string hash, so a table can index by its low bits as they are.
    func _rawHashValue(seed: Int) -> Int { code ^ seed }

    var description: String { name }
}
