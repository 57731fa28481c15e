import Foundation

/// A record's id inside a run.
typealias RecordID = InternedID<RecordName>
/// A device's id inside a run, as the History and the checks hold it.
typealias DeviceID = InternedID<DeviceName>

/// What a `RecordID` names; never made.
enum RecordName {}
/// What a `DeviceID` names; never made.
enum DeviceName {}

/// A name inside a run, a record's or a device's (`Kind` tells the two apart): a reference to the name interned once
/// per process, so that copying it retains nothing, comparing two mostly compares two addresses, and a lookup by it
/// never hashes text.
///
/// Ids are made from names at the edges of a run (the scenario, an app) and carried as they are from then on; the
/// checks and reports read `name`. Ids order by name, so every sorted listing is what it would be with the names.
struct InternedID<Kind>: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name as it was given, byte for byte: what reports print. The tables of names hold every entry for the
    /// life of the process, so the id need not.
    private unowned(unsafe) let entry: InternedName

    init(_ name: String) { entry = InternedName.entry(for: name) }

    init(stringLiteral name: String) { self.init(name) }

    var name: String { entry.name }

    /// Ids are equal when their names are equal as strings: the same entry, or two spellings of one name (`é` as one
    /// scalar or as `e` and an accent; `K` and the Kelvin sign).
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.entry === rhs.entry || lhs.entry.identity == rhs.entry.identity
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
        guard lhs.entry !== rhs.entry else { return false }
        // Most ids are ASCII and differ in their first eight bytes: those order as the bytes do, as the names would.
        if lhs.entry.isASCII && rhs.entry.isASCII && lhs.entry.head != rhs.entry.head {
            return lhs.entry.head < rhs.entry.head
        }
        return lhs.entry.name < rhs.entry.name
    }

    func hash(into hasher: inout Hasher) { hasher.combine(entry.code) }

    /// The code worked out when the name was interned, with the table's seed, instead of a `Hasher` run per lookup.
    /// The code is already a well-mixed string hash, so a table can index by its low bits as they are.
    func _rawHashValue(seed: Int) -> Int { entry.code ^ seed }

    var description: String { entry.name }
}

/// A name interned for the life of the process, as spelt, with its string hash worked out once.
///
/// The hash agrees with string equality. It changes from process to process, as every string hash does, and only the
/// order of a table's storage depends on it, never what a run reports. The tables only grow: a process holds each
/// distinct record and device name and spelling it has met once, which a fuzz campaign meets again seed after seed.
private final class InternedName: Sendable {
    let name: String
    let code: Int
    /// The same number for every spelling of one name, as strings compare; another for every other name.
    let identity: Int
    /// Whether every byte of the name is ASCII: then strings order as their bytes do.
    let isASCII: Bool
    /// The name's first eight bytes, the first the most significant, zeros after a shorter name: two ASCII names
    /// whose heads differ order as their heads do.
    let head: UInt64

    private init(_ key: Key, identity: Int) {
        name = key.name
        code = key.code
        self.identity = identity
        var bytes = key.name
        (isASCII, head) = bytes.withUTF8 { bytes in
            var head: UInt64 = 0
            for (offset, byte) in bytes.prefix(8).enumerated() { head |= UInt64(byte) << (56 - 8 * offset) }
            return (!bytes.contains { $0 >= 0x80 }, head)
        }
    }

    /// A name as the tables find it: equal as strings, with its string hash worked out once, for the lookup, the
    /// entry and every time a table grows.
    private struct Key: Hashable {
        let name: String
        let code: Int

        init(_ name: String) {
            self.name = name
            code = name.hashValue
        }

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.code == rhs.code && lhs.name == rhs.name }
        func hash(into hasher: inout Hasher) { hasher.combine(code) }
        func _rawHashValue(seed: Int) -> Int { code ^ seed }
    }

    // Every access to the two tables holds `lock`.
    private static let lock = NSLock()
    /// The first spelling met of each name, as strings compare.
    @exclusivity(unchecked) nonisolated(unsafe) private static var firstSpellings: [Key: InternedName] = [:]
    /// The other spellings met of the few names met spelt in more than one way.
    @exclusivity(unchecked) nonisolated(unsafe) private static var otherSpellings: [Key: [InternedName]] = [:]

    /// The entry of `name` as spelt.
    static func entry(for name: String) -> InternedName {
        let key = Key(name)
        lock.lock()
        defer { lock.unlock() }
        guard let first = firstSpellings[key] else {
            let entry = InternedName(key, identity: firstSpellings.count)
            firstSpellings[key] = entry
            return entry
        }
        if sameBytes(first.name, name) { return first }
        if let other = otherSpellings[key]?.first(where: { sameBytes($0.name, name) }) { return other }
        let entry = InternedName(key, identity: first.identity)
        otherSpellings[key, default: []].append(entry)
        return entry
    }

    /// Whether two strings are spelt alike, byte for byte.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        if haveSameBits(a, b) { return true }
        var (a, b) = (a, b)
        return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
    }
}
