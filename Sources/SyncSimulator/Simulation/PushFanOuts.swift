/// The silent pushes of commits on their way to many devices, each commit's queued as one event.
///
/// The queue holds a fan-out's earliest push only, at that push's time and in its place among the events at that time,
/// and its next push once that one is popped. Every push keeps the place it took when the commit sent it, so the
/// queue pops them exactly where it would pop one event per device; but a commit pushed to a thousand devices holds
/// one entry of the queue, not a thousand.
struct PushFanOuts {
    /// One device's push: when it arrives, and its place among the events at that time.
    struct Delivery {
        var time: SimDuration
        var place: EventQueue<Event>.Place
        var device: Int
    }

    /// How many devices that take pushes a run needs for its commits to fan out. With fewer, one event per device
    /// costs less than a fan-out's bookkeeping: fanning out to two devices, a fuzz seed took 1.6% more instructions.
    static let fewestTakers = 8

    /// Each fan-out's pushes still on their way, the earliest last once it is closed; an emptied fan-out's room, and
    /// its array's storage, is reused.
    private var pending: [[Delivery]] = []
    private var emptied: [Int] = []

    /// Opens a fan-out for one commit's pushes.
    mutating func open() -> Int {
        if let room = emptied.popLast() { return room }
        pending.append([])
        return pending.count - 1
    }

    mutating func add(_ delivery: Delivery, to fanOut: Int) {
        pending[fanOut].append(delivery)
    }

    /// Closes the fan-out and returns its earliest push, for the queue to hold the fan-out at that push's time and
    /// place; nil, and the fan-out gone, when it has none.
    mutating func close(_ fanOut: Int) -> Delivery? {
        pending[fanOut].sort { ($0.time, $0.place.sequence) > ($1.time, $1.place.sequence) }
        guard let earliest = pending[fanOut].last else {
            emptied.append(fanOut)
            return nil
        }
        return earliest
    }

    /// Takes the fan-out's earliest push, the one its queued event stood for, and returns it with the push to queue
    /// next, if any is left.
    mutating func takeEarliest(of fanOut: Int) -> (taken: Delivery, next: Delivery?) {
        let taken = pending[fanOut].removeLast()
        guard let next = pending[fanOut].last else {
            emptied.append(fanOut)
            return (taken, nil)
        }
        return (taken, next)
    }
}
