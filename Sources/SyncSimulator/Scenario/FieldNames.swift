/// Field names, each once and in name order: the fields a save writes, kept without a hash table per save.
///
/// A save names a few fields, most often the ones its record's `Fields` lists already in name order, so a sorted array
/// is made by merging where a set would hash every name and allocate a table.
struct FieldNames: Sequence, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// The names, in name order, each once.
    private(set) var names: [String]

    /// The names given, in any order, repeats dropped.
    init(_ names: some Sequence<String>) {
        var sorted = names.sorted()
        sorted.removeAdjacentDuplicates()
        self.names = sorted
    }

    /// The names of `fields`, already in name order and each once.
    init(of fields: Fields) {
        names = fields.keys
    }

    init(arrayLiteral names: String...) {
        // Most often `[]`, made here without going through a sort: the sort cost an empty list about 90 instructions.
        if names.isEmpty { self.init() } else { self.init(names) }
    }

    var isEmpty: Bool { names.isEmpty }

    func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }

    /// These names and those of `other`, merged in name order.
    func union(_ other: FieldNames) -> FieldNames {
        if other.names.isEmpty { return self }
        if names.isEmpty { return other }
        var merged = FieldNames()
        merged.names.reserveCapacity(names.count + other.names.count)
        var (left, right) = (names.startIndex, other.names.startIndex)
        while left < names.endIndex && right < other.names.endIndex {
            let (a, b) = (names[left], other.names[right])
            if a == b {
                merged.names.append(a)
                left += 1
                right += 1
            } else if a < b {
                merged.names.append(a)
                left += 1
            } else {
                merged.names.append(b)
                right += 1
            }
        }
        merged.names += names[left...]
        merged.names += other.names[right...]
        return merged
    }

    /// These names and those given, in any order.
    func union(_ other: some Sequence<String>) -> FieldNames { union(FieldNames(other)) }

    mutating func formUnion(_ other: FieldNames) { self = union(other) }

    private init() { names = [] }
}

private extension Array where Element == String {
    /// Drops each element equal to the one before it: in a sorted array, every repeat.
    mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for index in 1..<count where self[index] != self[kept - 1] {
            self[kept] = self[index]
            kept += 1
        }
        removeSubrange(kept...)
    }
}
