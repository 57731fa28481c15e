import SyncSimulator

/// Runs one seed of a campaign: generates, simulates and checks it, and for a failure writes the scenario file
/// and its shrunk form under the output folder.
struct SeedJob: Sendable {
    var settings: FuzzSettings
    var store: ReportStore
    /// Whether to hash the run's trace, for a determinism check.
    var hashes: Bool
    /// When shrinking stops with the smallest failing scenario so far: the campaign's time limit, if it has one.
    var deadline: ContinuousClock.Instant?

    func run(_ seed: UInt64) -> SeedResult {
        let scenario = ScenarioGenerator.scenario(seed: seed, settings: settings)
        let trace = hashes ? Trace(.hash) : nil
        let report = Simulation(scenario: scenario).run(trace: trace)
        let failures = Invariants.failures(in: report)
        var result = SeedResult(seed: seed, failure: failures.first, traceHash: trace?.hashText,
                                steps: scenario.timeline.count)
        guard let failure = failures.first else { return result }
        do {
            try write(scenario.pinned(to: report), as: SeedResult.fileName(seed, minimal: false), failure: failure)
            let minimal = Shrinker(deadline: deadline).shrink(scenario, keeping: failure)
            let minimalReport = Simulation(scenario: minimal).run()
            // The shrunk run fails the same way, but with its own times and values: its file says what it shows.
            let minimalFailure = Invariants.failures(in: minimalReport).first ?? failure
            try write(minimal.pinned(to: minimalReport), as: SeedResult.fileName(seed, minimal: true),
                      failure: minimalFailure, shrunkFrom: scenario.timeline.count)
            result.minimalSteps = minimal.timeline.count
        } catch {
            result.writeError = "\(error)"
        }
        return result
    }

    /// Writes a failing scenario whose description says what fails and how it was found.
    private func write(_ scenario: Scenario, as name: String, failure: FuzzFailure, shrunkFrom steps: Int? = nil)
        throws(ReportStoreError) {
        var described = scenario
        let origin = steps.map { "Shrunk from seed-\(scenario.seed).json (\($0) to \(scenario.timeline.count) steps); " } ?? ""
        described.description = "\(origin)fails with \(failure): \(failure.sentence) \(scenario.description)"
        described.name = String(name.dropLast(5))
        try store.write(ScenarioEncoder.text(of: described), toFileNamed: name)
    }
}
