/// Times work with `ContinuousClock`; timing lives here, never inside a simulation.
enum Benchmark {
    /// Runs `work` `repeats` times (at least once) and keeps the fastest run with its result.
    static func fastest<Result>(of repeats: Int, _ work: () -> Result) -> Timed<Result> {
        fastest(of: repeats, prepare: {}) { _ in work() }
    }

    /// Runs `work` `repeats` times (at least once), each time on what `prepare` made for it, and keeps the fastest run
    /// with its result; only `work` is timed, and what it worked on is dropped after its time is taken.
    static func fastest<State: ~Copyable, Result>(of repeats: Int, prepare: () -> State,
                                                  _ work: (inout State) -> Result) -> Timed<Result> {
        let clock = ContinuousClock()
        var best: Timed<Result>?
        for _ in 0..<max(repeats, 1) {
            var state = prepare()
            let start = clock.now
            let result = work(&state)
            let next = Timed(duration: start.duration(to: clock.now), result: result)
            _ = consume state
            if best.map({ next.duration < $0.duration }) ?? true { best = next }
        }
        return best!
    }
}
