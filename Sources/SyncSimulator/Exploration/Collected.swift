import Dispatch

/// Results of work shared out among threads: each thread claims the next index and stores its result there.
final class Collected<Value: Sendable>: @unchecked Sendable {
    // Every access to the mutable state below goes through `lock`.
    private let lock = DispatchSemaphore(value: 1)
    private var next = 0
    private var done = 0
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index no thread has claimed, or nil when all are.
    func claim() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    /// Stores a result and returns how many are stored.
    func store(_ value: Value, at index: Int) -> Int {
        lock.wait()
        defer { lock.signal() }
        slots[index] = value
        done += 1
        return done
    }

    /// The results, in index order; call after every claimed index is stored.
    var values: [Value] { slots.map { $0! } }
}
