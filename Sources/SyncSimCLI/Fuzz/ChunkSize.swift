/// How many seeds a campaign's thread hands one worker at a time.
///
/// One at first (a seed of a large scenario may take long), then as many as took about a quarter of a second, so
/// that starting a worker process weighs little, progress shows often and a time limit is kept to within about
/// that much; never more than an eighth of a thread's share of the seeds, so the threads end close together.
struct ChunkSize {
    /// The seeds to ask for next.
    private(set) var count = 1
    /// The most seeds in one chunk.
    private let largest: Int

    /// The time one chunk should take.
    static let aim = Duration.milliseconds(250)

    init(seeds: Int, jobs: Int) {
        largest = max(1, seeds / max(1, jobs * 8))
    }

    /// Sizes the next chunk after one of `seeds` seeds took `duration`.
    mutating func took(_ duration: Duration, for seeds: Int) {
        guard seeds > 0 else { return }
        let perSeed = duration / seeds
        let fitting = perSeed > .zero ? min(ChunkSize.aim / perSeed, Double(largest)) : Double(largest)
        count = max(1, Int(fitting))
    }
}
