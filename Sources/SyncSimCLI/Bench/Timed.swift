/// A measured piece of work: the fastest run's wall time and what the work returned.
struct Timed<Result> {
    var duration: Duration
    var result: Result
}
