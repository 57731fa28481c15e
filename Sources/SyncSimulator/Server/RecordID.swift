import Foundation

/// A record's id inside a run: its name with a hash of it worked out once, so a lookup by id never hashes text.
///
/// Ids are made from names at the edges of a run (the scenario, an app) and carried as they are from then on; the
/// checks and reports read `name`. Ids order by name, so every sorted listing is what it would be with the names.
struct RecordID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    let name: String
    /// FNV-1a of the UTF-8 of the name's canonical composition, so names that are equal as strings (`é` written
    /// as one scalar or as `e` and an accent) get equal codes. Fixed, so it never depends on the process.
    private let code: UInt64

    init(_ name: String) {
        self.name = name
        let canonical = name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
        var code: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonical.utf8 { code = (code ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.code = code
    }

    init(stringLiteral name: String) { self.init(name) }

    static func == (lhs: RecordID, rhs: RecordID) -> Bool {
        lhs.code == rhs.code && lhs.name == rhs.name
    }

    static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.name < rhs.name }

    func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code mixed with the table's seed by a few multiplies and shifts (MurmurHash3's finalizer), not by a
    /// `Hasher` run per lookup: tables index by the low bits, which the mix makes depend on every bit of the code.
    func _rawHashValue(seed: Int) -> Int {
        var mixed = code ^ UInt64(UInt(bitPattern: seed))
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 33))
    }

    var description: String { name }
}
