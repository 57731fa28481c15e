/// Times work with `ContinuousClock`; timing lives here, never inside a simulation.
enum Benchmark {
    /// Runs `work` `repeats` times (at least once) and keeps the fastest run with its result.
    static func fastest<Result>(of repeats: Int, _ work: () -> Result) -> Timed<Result> {
        let clock = ContinuousClock()
        var best = time(work, on: clock)
        for _ in 1..<max(repeats, 1) {
            let next = time(work, on: clock)
            if next.duration < best.duration { best = next }
        }
        return best
    }

    private static func time<Result>(_ work: () -> Result, on clock: ContinuousClock) -> Timed<Result> {
        let start = clock.now
        let result = work()
        return Timed(duration: start.duration(to: clock.now), result: result)
    }
}
