import SyncSimulator

/// The hold model's workload: `count` event delays drawn from a fixed seed.
struct HoldWorkload {
    /// The seed of the times, fixed so every bench run measures the same work.
    static let seed: UInt64 = 1
    /// The delays span one simulated hour, so some timers fall due at one time and pop in the order pushed.
    static let span = SimDuration.hours(1)

    let times: [Int64]

    /// What the hold model queues: a timer of a device, as the simulation's timer events carry it.
    struct Timer {
        var index: Int
        var device: Int
        var generation: Int
    }

    init(count: Int) {
        var stream = RandomStream(seed: HoldWorkload.seed, label: "bench/heap")
        times = (0..<count).map { _ in stream.duration(from: .zero, to: HoldWorkload.span).micros }
    }

    /// The hold model that discrete-event libraries are compared by (SimPy's empty timeouts): the engine's queue
    /// keeps `pending` timers, and each pop schedules the next one, `times` giving the delays; returns the pops that
    /// came in time order, which are all of them, one per time.
    func runHold(pending: Int) -> Int {
        var queue = EventQueue<Timer>()
        for index in 0..<min(pending, times.count) {
            queue.push(Timer(index: index, device: index % 64, generation: 0), at: SimDuration(micros: times[index]))
        }
        var (next, inOrder, last) = (min(pending, times.count), 0, SimDuration.zero)
        while let (time, _) = queue.pop() {
            if time >= last { inOrder += 1 }
            last = time
            guard next < times.count else { continue }
            queue.push(Timer(index: next, device: next % 64, generation: 0), at: time + SimDuration(micros: times[next]))
            next += 1
        }
        return inOrder
    }
}
