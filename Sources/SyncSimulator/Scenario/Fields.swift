/// A record's fields by name, kept in name order and found without hashing.
///
/// It reads and writes like a `[String: FieldValue]`: a dictionary literal makes one, `fields["title"]` reads or sets
/// (nil removes) a field, and `for (name, value) in fields` visits them, in name order.
public struct Fields: Hashable, Sendable {
    /// The fields by name.
    var table: NameTable<FieldValue>

    /// No fields.
    public init() {
        table = NameTable()
    }

    /// The fields of `table`.
    init(table: NameTable<FieldValue>) {
        self.table = table
    }

    /// The fields of `dictionary`.
    public init(_ dictionary: [String: FieldValue]) {
        table = NameTable(dictionary)
    }

    /// The fields of a sequence of names and values, each name once.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, FieldValue)>) {
        table = NameTable(uniqueKeysWithValues: pairs)
    }

    /// The value of the field named `name`, or nil when the record has no such field; setting nil removes it.
    public subscript(name: String) -> FieldValue? {
        get { table[name] }
        set { table[name] = newValue }
    }

    /// Adds `amount` to the number field named `name`, a field that is absent or not a number counting as 0: what an
    /// increment does.
    mutating func add(_ amount: Double, to name: String) {
        self[name] = .number((self[name]?.number ?? 0) + amount)
    }

    /// The value of the field named `name`, or `defaultValue` when there is none.
    public subscript(name: String, default defaultValue: @autoclosure () -> FieldValue) -> FieldValue {
        self[name] ?? defaultValue()
    }

    /// The field names, in order.
    public var keys: [String] { table.entries.map(\.name) }

    /// The field values, in name order.
    public var values: [FieldValue] { table.entries.map(\.value) }

    /// Removes the field named `name` and returns its value, if it had one.
    @discardableResult
    public mutating func removeValue(forKey name: String) -> FieldValue? {
        defer { self[name] = nil }
        return self[name]
    }

    /// The same names with their values transformed.
    public func mapValues(_ transform: (FieldValue) throws -> FieldValue) rethrows -> Fields {
        Fields(table: try table.mapValues(transform))
    }

    /// A dictionary of the same names with values of another kind.
    public func mapValues<T>(_ transform: (FieldValue) throws -> T) rethrows -> [String: T] {
        Dictionary(uniqueKeysWithValues: try table.entries.map { ($0.name, try transform($0.value)) })
    }

    /// The fields that pass `isIncluded`.
    public func filter(_ isIncluded: ((key: String, value: FieldValue)) throws -> Bool) rethrows -> Fields {
        Fields(table: try table.filter { try isIncluded(($0.name, $0.value)) })
    }

    /// Adds the fields named in `other`; where a field is here already, `combine` gives its value from this one's and
    /// the other's.
    public mutating func merge(_ other: some Sequence<(String, FieldValue)>,
                               uniquingKeysWith combine: (FieldValue, FieldValue) throws -> FieldValue) rethrows {
        for (name, value) in other {
            self[name] = try self[name].map { try combine($0, value) } ?? value
        }
    }

    /// Adds the fields of `other`, as `merge` adds a sequence.
    public mutating func merge(_ other: Fields, uniquingKeysWith combine: (FieldValue, FieldValue) throws -> FieldValue)
        rethrows {
        try merge(other.pairs, uniquingKeysWith: combine)
    }

    /// These fields with those named in `other` added, as `merge` adds them.
    public func merging(_ other: some Sequence<(String, FieldValue)>,
                        uniquingKeysWith combine: (FieldValue, FieldValue) throws -> FieldValue) rethrows -> Fields {
        var merged = self
        try merged.merge(other, uniquingKeysWith: combine)
        return merged
    }

    /// These fields with those of `other` added, as `merge` adds them.
    public func merging(_ other: Fields, uniquingKeysWith combine: (FieldValue, FieldValue) throws -> FieldValue)
        rethrows -> Fields {
        try merging(other.pairs, uniquingKeysWith: combine)
    }

    /// The fields as unlabelled name and value pairs, the element the sequence overloads take.
    private var pairs: some Sequence<(String, FieldValue)> { table.entries.lazy.map { ($0.name, $0.value) } }
}

extension Fields: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { table.entries.count }

    /// The field at `position`, in name order.
    public subscript(position: Int) -> (key: String, value: FieldValue) {
        (table.entries[position].name, table.entries[position].value)
    }
}

extension Fields: ExpressibleByDictionaryLiteral {
    /// Fields from a literal, `["title": .string("Blue")]`, each name once.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        table = NameTable(uniqueKeysWithValues: elements)
    }
}

extension Fields: CustomStringConvertible {
    /// `["rating": 5, "title": "Blue"]`, in name order.
    public var description: String {
        isEmpty ? "[:]" : "[" + map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
    }
}

extension Fields: Codable {
    /// Decodes a JSON object of field values.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: FieldValue](from: decoder))
    }

    /// Encodes the fields as a JSON object.
    public func encode(to encoder: any Encoder) throws {
        try table.dictionary.encode(to: encoder)
    }
}
