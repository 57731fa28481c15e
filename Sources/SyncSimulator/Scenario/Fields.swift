/// A record's fields by name, kept in name order and found without hashing.
///
/// It reads and writes like a `[String: FieldValue]`: a dictionary literal makes one, `fields["title"]` reads or sets
/// (nil removes) a field, and `for (name, value) in fields` visits them, in name order. A record has a few fields, so
/// a sorted array finds one by a handful of comparisons, where a hash table would hash the name on every access.
public struct Fields: Hashable, Sendable {
    /// One field.
    private struct Field: Hashable, Sendable {
        var name: String
        var value: FieldValue
    }

    /// The fields, in name order, each name once.
    private var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// The fields of `dictionary`.
    public init(_ dictionary: [String: FieldValue]) {
        fields = dictionary.map { Field(name: $0.key, value: $0.value) }
        fields.sort { $0.name < $1.name }
    }

    /// The fields of a sequence of names and values, each name once.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, FieldValue)>) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
        fields.sort { $0.name < $1.name }
        for index in fields.indices.dropFirst() {
            precondition(fields[index - 1].name != fields[index].name, "Fields names a field twice")
        }
    }

    /// Where the field named `name` is. A record's few names are compared for equality one by one, which costs less
    /// than ordering them; only a record with many is searched by halves.
    private func index(of name: String) -> Int? {
        guard fields.count > 16 else { return fields.firstIndex { $0.name == name } }
        let index = fields.partitionIndex { $0.name >= name }
        return index < fields.count && fields[index].name == name ? index : nil
    }

    /// The value of the field named `name`, or nil when the record has no such field; setting nil removes it.
    public subscript(name: String) -> FieldValue? {
        get { index(of: name).map { fields[$0].value } }
        set {
            switch (index(of: name), newValue) {
            case let (index?, value?): fields[index].value = value
            case let (index?, nil): fields.remove(at: index)
            case let (nil, value?): insert(Field(name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Adds a field whose name is not among them, in its place.
    private mutating func insert(_ field: Field) {
        var index = fields.count
        while index > 0 && field.name < fields[index - 1].name { index -= 1 }
        fields.insert(field, at: index)
    }

    /// The value of the field named `name`, or `defaultValue` when there is none.
    public subscript(name: String, default defaultValue: @autoclosure () -> FieldValue) -> FieldValue {
        self[name] ?? defaultValue()
    }

    /// The field names, in order.
    public var keys: [String] { fields.map(\.name) }

    /// The field values, in name order.
    public var values: [FieldValue] { fields.map(\.value) }

    /// Removes the field named `name` and returns its value, if it had one.
    @discardableResult
    public mutating func removeValue(forKey name: String) -> FieldValue? {
        defer { self[name] = nil }
        return self[name]
    }

    /// The same names with their values transformed.
    public func mapValues(_ transform: (FieldValue) throws -> FieldValue) rethrows -> Fields {
        var mapped = self
        for index in fields.indices { mapped.fields[index].value = try transform(fields[index].value) }
        return mapped
    }

    /// A dictionary of the same names with values of another kind.
    public func mapValues<T>(_ transform: (FieldValue) throws -> T) rethrows -> [String: T] {
        Dictionary(uniqueKeysWithValues: try fields.map { ($0.name, try transform($0.value)) })
    }

    /// The fields that pass `isIncluded`.
    public func filter(_ isIncluded: ((key: String, value: FieldValue)) throws -> Bool) rethrows -> Fields {
        var kept = Fields()
        kept.fields = try fields.filter { try isIncluded(($0.name, $0.value)) }
        return kept
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
        try merge(other.fields.lazy.map { ($0.name, $0.value) }, uniquingKeysWith: combine)
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
        var merged = self
        try merged.merge(other, uniquingKeysWith: combine)
        return merged
    }
}

extension Fields: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { fields.count }

    /// The field at `position`, in name order.
    public subscript(position: Int) -> (key: String, value: FieldValue) {
        (fields[position].name, fields[position].value)
    }
}

extension Fields: ExpressibleByDictionaryLiteral {
    /// Fields from a literal, `["title": .string("Blue")]`, each name once.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}

extension Fields: CustomStringConvertible {
    /// `["rating": 5, "title": "Blue"]`, in name order.
    public var description: String {
        fields.isEmpty ? "[:]" : "[" + fields.map { "\"\($0.name)\": \($0.value)" }.joined(separator: ", ") + "]"
    }
}

extension Fields: Codable {
    /// Decodes a JSON object of field values.
    public init(from decoder: any Decoder) throws {
        self.init(try [String: FieldValue](from: decoder))
    }

    /// Encodes the fields as a JSON object.
    public func encode(to encoder: any Encoder) throws {
        try Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.value) }).encode(to: encoder)
    }
}
