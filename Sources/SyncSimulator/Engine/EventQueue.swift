/// A binary min-heap of events ordered by (time, insertion sequence): equal times run in insertion order. The heap holds
/// plain 16-byte entries (two words: the time, then the sequence with the event's slot) and the events wait in a slab
/// of reused slots.
/// Public and inlinable, so a client module (the bench) gets it specialized for its event type as `World` does:
/// `package` access loses that specialization (the engine queue ran 8.7× the bare heap instead of 1.6×).
/// Not copyable: it owns its memory (the heap, the slab and the free slots), moves events in and out of the slab
/// without an optional's tag or an array's checks around each, and destroys those still waiting when it ends.
public struct EventQueue<Event>: ~Copyable {
    /// A heap entry: plain data, 16 bytes, so sifting moves no reference-counted payload and a cache line holds four.
    @usableFromInline
    struct Entry {
        /// The time, its sign bit flipped so that unsigned order is time order.
        @usableFromInline var high: UInt64
        /// The insertion sequence above the slot where the entry's event waits in `payloads`. The slot takes the low
        /// `slotBits`; a run pops at most two billion events, and a billion events waiting at once would not fit in
        /// memory, so neither part runs out.
        @usableFromInline var low: UInt64

        @inlinable
        init(time: Int64, sequence: UInt64, slot: Int32) {
            high = UInt64(bitPattern: time) ^ 1 << 63
            low = sequence << Entry.slotBits | UInt64(slot)
        }

        @inlinable static var slotBits: UInt64 { 30 }

        @inlinable
        var time: Int64 { Int64(bitPattern: high ^ 1 << 63) }

        @inlinable
        var slot: Int { Int(truncatingIfNeeded: low & (1 << Entry.slotBits - 1)) }

        /// Whether the entry's (time, sequence) comes first: the two words compared as one 128-bit number, by the
        /// borrow of a subtraction, which compiles to two instructions and no branch.
        @inlinable
        func precedes(_ other: Entry) -> Bool {
            let lowBorrow = low < other.low
            let (difference, highBorrow) = high.subtractingReportingOverflow(other.high)
            return highBorrow || (difference == 0 && lowBorrow)
        }
    }

    /// The heap's entries, `heapCount` of them. Its memory, the free slots' and the slab's hold `capacity` each: an
    /// entry names one slot and a free slot is one no entry names, so neither outgrows the slab. Plain memory, not
    /// arrays: an array's append and removal check its uniqueness and capacity at each push and pop.
    @usableFromInline var heap: UnsafeMutablePointer<Entry>
    @usableFromInline var heapCount = 0
    /// The events waiting, by slot. The first `slotsUsed` slots have been handed out; of those, the slots a heap entry
    /// names hold its event, and the others, the first `freeCount` of `freeSlots`, are empty and reused first.
    @usableFromInline var payloads: UnsafeMutablePointer<Event>
    @usableFromInline var capacity: Int
    @usableFromInline var slotsUsed = 0
    @usableFromInline var freeSlots: UnsafeMutablePointer<Int32>
    @usableFromInline var freeCount = 0
    @usableFromInline var nextSequence: UInt64 = 0

    /// An empty queue.
    @inlinable
    public init() {
        capacity = 16
        heap = .allocate(capacity: capacity)
        payloads = .allocate(capacity: capacity)
        freeSlots = .allocate(capacity: capacity)
    }

    @inlinable
    deinit {
        for index in 0..<heapCount { (payloads + heap[index].slot).deinitialize(count: 1) }
        heap.deallocate()
        payloads.deallocate()
        freeSlots.deallocate()
    }

    /// How many events wait.
    public var count: Int { heapCount }
    /// Whether no event waits.
    public var isEmpty: Bool { heapCount == 0 }

    /// The time of the earliest event, if any.
    public var nextTime: SimDuration? { heapCount == 0 ? nil : SimDuration(micros: heap[0].time) }

    /// Adds `event` to run at `time`, after every event already queued for that time.
    @inlinable
    public mutating func push(_ event: consuming Event, at time: SimDuration) {
        push(event, at: time, sequence: nextSequence)
        nextSequence += 1
    }

    /// A place in the order of events at equal times, taken for an event queued later: pushed `in` it, the event
    /// runs where it would have run had it been pushed when the place was taken.
    struct Place {
        let sequence: UInt64
    }

    /// Takes the place an event pushed now would have.
    mutating func takePlace() -> Place {
        defer { nextSequence += 1 }
        return Place(sequence: nextSequence)
    }

    /// Adds `event` to run at `time`, in a place taken before. No event that runs after it, at a later time or later
    /// in the order at `time`, may have been popped yet.
    mutating func push(_ event: consuming Event, at time: SimDuration, in place: Place) {
        push(event, at: time, sequence: place.sequence)
    }

    @inlinable
    mutating func push(_ event: consuming Event, at time: SimDuration, sequence: UInt64) {
        let slot: Int32
        if freeCount > 0 {
            freeCount &-= 1
            slot = freeSlots[freeCount]
        } else {
            precondition(slotsUsed < 1 << Entry.slotBits, "more events wait than an entry's slot can number")
            if slotsUsed == capacity { grow() }
            slot = Int32(truncatingIfNeeded: slotsUsed)
            slotsUsed &+= 1
        }
        (payloads + Int(slot)).initialize(to: event)
        (heap + heapCount).initialize(to: Entry(time: time.micros, sequence: sequence, slot: slot))
        heapCount &+= 1
        siftUp(from: heapCount &- 1)
    }

    /// Removes and returns the earliest event with its time.
    @inlinable @inline(__always)
    public mutating func pop() -> (time: SimDuration, event: Event)? {
        guard let (time, _, event) = popWithSequence() else { return nil }
        return (time, event)
    }

    /// Removes and returns the earliest event with its time and its place in the order of events at equal times.
    @inlinable @inline(__always)
    mutating func popWithSequence() -> (time: SimDuration, sequence: UInt64, event: Event)? {
        guard heapCount > 0 else { return nil }
        let first = heap[0]
        // The event is taken before the sift: its slot is anywhere in the slab, and the processor can fetch it
        // while it sifts, which does not depend on it.
        let event = (payloads + first.slot).move()
        freeSlots[freeCount] = Int32(truncatingIfNeeded: first.slot)
        freeCount &+= 1
        heapCount &-= 1
        if heapCount > 0 {
            heap[0] = heap[heapCount]
            siftDown(from: 0)
        }
        return (SimDuration(micros: first.time), first.low >> Entry.slotBits, event)
    }

    /// Doubles the slab, the heap's memory and the free slots'. The slab grows only when no slot is free, so every
    /// slot handed out holds an event, moved across, and every one is named by an entry.
    @inlinable
    mutating func grow() {
        assert(freeCount == 0, "the slab grows only when no slot is free")
        let doubled = capacity * 2
        let largerPayloads = UnsafeMutablePointer<Event>.allocate(capacity: doubled)
        largerPayloads.moveInitialize(from: payloads, count: slotsUsed)
        payloads.deallocate()
        payloads = largerPayloads
        let largerHeap = UnsafeMutablePointer<Entry>.allocate(capacity: doubled)
        largerHeap.moveInitialize(from: heap, count: heapCount)
        heap.deallocate()
        heap = largerHeap
        freeSlots.deallocate()
        freeSlots = .allocate(capacity: doubled)
        capacity = doubled
    }

    // The sifts' index arithmetic is written unchecked, with halving as a shift, which saves a fifth of a level: a
    // child's index is at most twice the heap's count, and a heap within 2^62 entries would not fit in memory.

    @inlinable
    mutating func siftUp(from start: Int) {
        var child = start
        let entry = heap[child]
        while child > 0 {
            let parent = (child &- 1) &>> 1
            guard entry.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = entry
    }

    /// Floyd's sift: the hole goes down to a leaf along the earlier children, one comparison a level, and the entry
    /// then rises from there. The entry moved in by a pop is the heap's last, usually among the latest, so it rarely
    /// rises far, and a pop compares about half as often as when the entry is compared at every level on the way down.
    /// Entries are totally ordered, so the events come out in the same order either way.
    @inlinable
    mutating func siftDown(from start: Int) {
        let count = heapCount
        let entry = heap[start]
        var hole = start
        while true {
            var child = hole &<< 1 &+ 1
            guard child < count else { break }
            if child &+ 1 < count, heap[child &+ 1].precedes(heap[child]) { child &+= 1 }
            heap[hole] = heap[child]
            hole = child
        }
        while hole > start {
            let parent = (hole &- 1) &>> 1
            guard entry.precedes(heap[parent]) else { break }
            heap[hole] = heap[parent]
            hole = parent
        }
        heap[hole] = entry
    }
}
