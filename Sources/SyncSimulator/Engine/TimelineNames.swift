/// A run's record ids by the strings its timeline names records with, found by each string's bits: a timeline names
/// each record again and again, and finding the same string value here hashes two words, where interning its name
/// hashes the text and takes a lock.
///
/// Equal bits are the very same string, as long as its storage lives: the names looked up must be the scenario's own,
/// which the World holds for as long as it holds this table. A name spelt in another string with equal text is a miss,
/// interned as any name is, so the table only ever answers what interning would.
struct TimelineNames {
    /// A string's two words.
    private struct Bits: Hashable {
        let first: UInt64
        let second: UInt64

        init(_ name: String) {
            (first, second) = withUnsafeBytes(of: name) {
                ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(mixed) }

        /// The words mixed with two odd multipliers, the table indexing by the low bits of the result.
        func _rawHashValue(seed: Int) -> Int { mixed ^ seed }

        private var mixed: Int {
            let value = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
            return Int(bitPattern: UInt(value ^ (value >> 29)))
        }
    }

    private var ids: [Bits: RecordID] = [:]

    /// The id of the record the scenario's string `name` names.
    mutating func id(of name: String) -> RecordID {
        let bits = Bits(name)
        if let id = ids[bits] { return id }
        let id = RecordID(name)
        ids[bits] = id
        return id
    }
}
