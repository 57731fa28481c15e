/// The serials of one record's changes in an outbox, in the order made. Most records have one change waiting at a
/// time, held here without an array: a change made and acknowledged allocated and freed one.
struct RecordSerials: RandomAccessCollection {
    private enum Storage {
        case one(Int)
        case many([Int])
    }

    private var storage: Storage

    /// No serials.
    static let none = RecordSerials(storage: .many([]))

    private init(storage: Storage) {
        self.storage = storage
    }

    /// One serial.
    init(_ serial: Int) {
        storage = .one(serial)
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .one: return 1
        case let .many(serials): return serials.count
        }
    }

    subscript(position: Int) -> Int {
        switch storage {
        case let .one(serial):
            precondition(position == 0, "index out of range")
            return serial
        case let .many(serials):
            return serials[position]
        }
    }

    /// Adds a serial after the others.
    mutating func append(_ serial: Int) {
        switch storage {
        case let .one(first):
            storage = .many([first, serial])
        case let .many(serials) where serials.isEmpty:
            storage = .one(serial)
        case var .many(serials):
            // Emptied first, so that the array is not shared while it grows.
            storage = .many([])
            serials.append(serial)
            storage = .many(serials)
        }
    }

    /// Removes `serial`, if it is among them.
    mutating func remove(_ serial: Int) {
        switch storage {
        case let .one(only) where only == serial:
            storage = .many([])
        case .one:
            break
        case var .many(serials):
            storage = .many([])
            serials.removeAll { $0 == serial }
            storage = .many(serials)
        }
    }
}
