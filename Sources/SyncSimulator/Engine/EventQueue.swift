/// A binary min-heap of events ordered by (time, insertion sequence): equal times run in insertion order.
public struct EventQueue<Event> {
    private struct Entry {
        var time: Int64
        var sequence: UInt64
        var event: Event

        func precedes(_ other: Entry) -> Bool {
            time != other.time ? time < other.time : sequence < other.sequence
        }
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    public init() {}

    public var count: Int { heap.count }
    public var isEmpty: Bool { heap.isEmpty }

    /// The time of the earliest event, if any.
    public var nextTime: SimDuration? { heap.first.map { SimDuration(micros: $0.time) } }

    public mutating func push(_ event: Event, at time: SimDuration) {
        heap.append(Entry(time: time.micros, sequence: nextSequence, event: event))
        nextSequence += 1
        siftUp(from: heap.count - 1)
    }

    /// Removes and returns the earliest event with its time.
    public mutating func pop() -> (time: SimDuration, event: Event)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(from: 0)
        }
        return (SimDuration(micros: first.time), first.event)
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        let entry = heap[parent]
        let count = heap.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, heap[child + 1].precedes(heap[child]) { child += 1 }
            guard heap[child].precedes(entry) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = entry
    }
}
