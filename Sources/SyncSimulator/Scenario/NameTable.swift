/// Values by name, kept in name order and found without hashing: a record's fields, when each was written, and what
/// each counts.
///
/// A record has a few fields, so a sorted array finds one by comparing a handful of names for equality, where a hash
/// table would hash the name on every access and allocate a table per record.
struct NameTable<Value: Sendable>: Sendable {
    /// One name and its value.
    struct Entry: Sendable {
        var name: String
        var value: Value
    }

    /// The entries, in name order, each name once.
    private(set) var entries: [Entry]

    /// An empty table.
    init() {
        entries = []
    }

    /// The names and values of a sequence, each name once.
    init(uniqueKeysWithValues pairs: some Sequence<(String, Value)>) {
        entries = pairs.map { Entry(name: $0.0, value: $0.1) }
        entries.sort { $0.name < $1.name }
        for index in entries.indices.dropFirst() {
            precondition(entries[index - 1].name != entries[index].name, "a name is given twice")
        }
    }

    /// The entries given, already in name order, each name once: no sorting needed.
    init(nameOrdered entries: [Entry]) {
        assert(zip(entries, entries.dropFirst()).allSatisfy { $0.name < $1.name }, "entries out of name order")
        self.entries = entries
    }

    /// The entries of `dictionary`.
    init(_ dictionary: [String: Value]) {
        self.init(uniqueKeysWithValues: dictionary.lazy.map { ($0.key, $0.value) })
    }

    /// Where the entry named `name` is. A few names are compared for equality one by one, which costs less than
    /// ordering them; only a table of many is searched by halves.
    private func index(of name: String) -> Int? {
        guard entries.count > 16 else { return entries.firstIndex { $0.name == name } }
        let index = entries.partitionIndex { $0.name >= name }
        return index < entries.count && entries[index].name == name ? index : nil
    }

    /// The value named `name`, or nil when there is none; setting nil removes it.
    subscript(name: String) -> Value? {
        get { index(of: name).map { entries[$0].value } }
        set {
            switch (index(of: name), newValue) {
            case let (index?, value?): entries[index].value = value
            case let (index?, nil): entries.remove(at: index)
            case let (nil, value?):
                var index = entries.count
                while index > 0 && name < entries[index - 1].name { index -= 1 }
                // Tables are mostly built in name order: an append costs less than an insert at the end.
                if index == entries.count {
                    entries.append(Entry(name: name, value: value))
                } else {
                    entries.insert(Entry(name: name, value: value), at: index)
                }
            case (nil, nil): break
            }
        }
    }

    /// The same names with their values transformed.
    func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> NameTable<T> {
        var mapped = NameTable<T>()
        mapped.entries = try entries.map { NameTable<T>.Entry(name: $0.name, value: try transform($0.value)) }
        return mapped
    }

    /// The entries that pass `isIncluded`.
    func filter(_ isIncluded: (Entry) throws -> Bool) rethrows -> NameTable {
        var kept = NameTable()
        kept.entries = try entries.filter(isIncluded)
        return kept
    }

    /// The entries as a dictionary.
    var dictionary: [String: Value] {
        Dictionary(uniqueKeysWithValues: entries.lazy.map { ($0.name, $0.value) })
    }
}

extension NameTable {
    /// Reads a table's values by names asked for in name order, each search going on where the one before stopped: a
    /// walk of a table's names alongside another table's costs a comparison or two a name, where a lookup each time
    /// compares the name with half the table.
    struct Walk {
        private let entries: [Entry]
        private var position = 0

        init(_ table: NameTable) { entries = table.entries }

        /// The value named `name`, which comes after every name asked for before in name order.
        mutating func value(named name: String) -> Value? {
            guard contains(name) else { return nil }
            return entries[position - 1].value
        }

        /// Whether the table has a value named `name`, which comes after every name asked for before in name order.
        mutating func contains(_ name: String) -> Bool {
            // Asked again, or out of order, a name the walk has passed would be missed.
            assert(position == 0 || entries[position - 1].name < name, "names asked out of name order")
            while position < entries.count && entries[position].name < name { position += 1 }
            guard position < entries.count && entries[position].name == name else { return false }
            position += 1
            return true
        }
    }
}

extension NameTable.Entry: Equatable where Value: Equatable {}
extension NameTable.Entry: Hashable where Value: Hashable {}
extension NameTable: Equatable where Value: Equatable {}
extension NameTable: Hashable where Value: Hashable {}

extension NameTable: ExpressibleByDictionaryLiteral {
    /// A table from a literal, `["title": 5]`, each name once. The empty one, the most common, is made at once.
    init(dictionaryLiteral elements: (String, Value)...) {
        if elements.isEmpty {
            self.init()
        } else {
            self.init(uniqueKeysWithValues: elements)
        }
    }
}
