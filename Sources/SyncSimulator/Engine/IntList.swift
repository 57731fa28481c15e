/// A short list of integers in the order given, a single one held without an array: the user actions a change
/// carries, a record's serials in an outbox. Most hold one, for which an array was allocated, retained by every copy
/// and freed again.
struct IntList: RandomAccessCollection, Hashable, ExpressibleByArrayLiteral {
    private enum Storage {
        case one(Int)
        case many([Int])
    }

    private var storage: Storage

    /// No integers.
    init() {
        storage = .many([])
    }

    /// One integer.
    init(_ value: Int) {
        storage = .one(value)
    }

    /// The integers given, in their order.
    init(_ values: some Sequence<Int>) {
        let values = Array(values)
        storage = values.count == 1 ? .one(values[0]) : .many(values)
    }

    init(arrayLiteral values: Int...) {
        self.init(values)
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .one: return 1
        case let .many(values): return values.count
        }
    }

    subscript(position: Int) -> Int {
        switch storage {
        case let .one(value):
            precondition(position == 0, "index out of range")
            return value
        case let .many(values):
            return values[position]
        }
    }

    /// Adds `value` after the others.
    mutating func append(_ value: Int) {
        switch storage {
        case let .one(first):
            storage = .many([first, value])
        case let .many(values) where values.isEmpty:
            storage = .one(value)
        case var .many(values):
            // Emptied first, so that the array is not shared while it grows.
            storage = .many([])
            values.append(value)
            storage = .many(values)
        }
    }

    /// Adds the integers of `other` after these.
    mutating func append(contentsOf other: IntList) {
        guard !other.isEmpty else { return }
        self = isEmpty ? other : IntList(Array(self) + Array(other))
    }

    /// These integers, then those of `other`.
    static func + (lhs: IntList, rhs: IntList) -> IntList {
        var joined = lhs
        joined.append(contentsOf: rhs)
        return joined
    }

    /// Removes every occurrence of `value`.
    mutating func remove(_ value: Int) {
        switch storage {
        case let .one(only) where only == value:
            storage = .many([])
        case .one:
            break
        case var .many(values):
            storage = .many([])
            values.removeAll { $0 == value }
            storage = .many(values)
        }
    }

    /// Two lists are equal when they hold the same integers in the same order, however they are held.
    static func == (lhs: IntList, rhs: IntList) -> Bool { lhs.elementsEqual(rhs) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for value in self { hasher.combine(value) }
    }
}
