/// A run's record ids by the strings its timeline names records with, found by each string's bits: a timeline names
/// each record again and again, and finding the same short string here hashes two words, where interning its name
/// hashes the text and takes a lock.
///
/// A name of up to 15 bytes is held inside its string, so equal bits are equal text. A longer one lives in storage of
/// its own, which a file's loader gives every step anew: those would all miss, and are interned at once. The table
/// keeps each string it was given, so no storage it keys by can be freed and reused while it lives. A spelling of a
/// name in other bytes is a miss, interned as any name is: the table only ever answers what interning would.
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

    private var ids: [Bits: (name: String, id: RecordID)] = [:]

    /// The id of the record `name` names.
    mutating func id(of name: String) -> RecordID {
        // Only a 64-bit string is two words; only a short name is kept in them.
        guard MemoryLayout<String>.size == 16 && name.utf8.count <= 15 else { return RecordID(name) }
        let bits = Bits(name)
        if let found = ids[bits] { return found.id }
        let id = RecordID(name)
        ids[bits] = (name, id)
        return id
    }
}
