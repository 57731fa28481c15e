import SyncSimulator

/// The heap workload: `count` event times drawn from a fixed seed, all pushed, then all popped.
struct HeapWorkload {
    /// The seed of the times, fixed so every bench run measures the same work.
    static let seed: UInt64 = 1
    /// The times span one simulated hour, so some events share a time and fall back on their sequence.
    static let span = SimDuration.hours(1)

    let times: [Int64]

    init(count: Int) {
        var stream = RandomStream(seed: HeapWorkload.seed, label: "bench/heap")
        times = (0..<count).map { _ in stream.duration(from: .zero, to: HeapWorkload.span).micros }
    }

    /// Pushes every time into the bare heap with its index as sequence, pops them all, and digests the pops.
    func runBareHeap() -> OrderDigest {
        var heap = BareHeap()
        for (index, time) in times.enumerated() {
            heap.push(BareHeap.Pair(time: time, sequence: UInt64(index)))
        }
        var digest = OrderDigest()
        while let pair = heap.pop() {
            digest.add(time: pair.time, sequence: pair.sequence)
        }
        return digest
    }

    /// The hold model that discrete-event libraries are compared by (SimPy's empty timeouts): the engine's queue
    /// keeps `pending` timers, and each pop schedules the next one, `times` giving the delays; returns the pops that
    /// came in time order, which are all of them, one per time.
    func runHold(pending: Int) -> Int {
        var queue = EventQueue<QueuePayload>()
        for index in 0..<min(pending, times.count) {
            queue.push(.timer(index: index, device: index % 64, generation: 0), at: SimDuration(micros: times[index]))
        }
        var (next, inOrder, last) = (min(pending, times.count), 0, SimDuration.zero)
        while let (time, _) = queue.pop() {
            if time >= last { inOrder += 1 }
            last = time
            guard next < times.count else { continue }
            queue.push(.timer(index: next, device: next % 64, generation: 0), at: time + SimDuration(micros: times[next]))
            next += 1
        }
        return inOrder
    }

    /// The same work on the engine's `EventQueue`, with a payload the size of a simulation event.
    func runEngineQueue() -> OrderDigest {
        var queue = EventQueue<QueuePayload>()
        for (index, time) in times.enumerated() {
            let payload = index.isMultiple(of: 2)
                ? QueuePayload.timer(index: index, device: index % 64, generation: 0)
                : QueuePayload.message(index: index, device: index % 64, request: index, sentAt: time, attempt: 1, size: 512)
            queue.push(payload, at: SimDuration(micros: time))
        }
        var digest = OrderDigest()
        while let (time, payload) = queue.pop() {
            digest.add(time: time.micros, sequence: UInt64(payload.index))
        }
        return digest
    }
}
