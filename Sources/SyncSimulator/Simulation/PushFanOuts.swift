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

    /// How many devices must take pushes, the committing one among them, for a run's commits to fan out. With fewer,
    /// one event per device costs less than a fan-out's bookkeeping: fanning out to two devices, a fuzz seed took
    /// 0.6% more instructions.
    static let fewestTakers = 8

    /// Each fan-out's pushes still on their way, the earliest last.
    private var pending: [[Delivery]] = []
    /// Fan-outs whose pushes have all been taken: their rooms, and their arrays' storage, are used again first.
    private var emptied: [Int] = []

    /// Holds the pushes `send` adds as one fan-out, and returns it with its earliest push: the queue is to hold the
    /// fan-out at that push's time and in its place. Nil, and nothing held, when `send` adds none.
    mutating func hold(_ send: (inout [Delivery]) -> Void) -> (fanOut: Int, earliest: Delivery)? {
        let fanOut: Int
        if let room = emptied.popLast() {
            fanOut = room
        } else {
            fanOut = pending.count
            pending.append([])
        }
        send(&pending[fanOut])
        pending[fanOut].sort { ($0.time, $0.place.sequence) > ($1.time, $1.place.sequence) }
        guard let earliest = pending[fanOut].last else {
            emptied.append(fanOut)
            return nil
        }
        return (fanOut, earliest)
    }

    /// Takes the fan-out's earliest push, the one its queued event stood for, and returns it with the push to queue
    /// next. When none is left, the fan-out is done and its room is free for another.
    mutating func takeEarliest(of fanOut: Int) -> (taken: Delivery, next: Delivery?) {
        let taken = pending[fanOut].removeLast()
        guard let next = pending[fanOut].last else {
            emptied.append(fanOut)
            return (taken, nil)
        }
        return (taken, next)
    }
}
