import Dispatch

/// Runs generated scenarios seed by seed and checks each run against the invariants; the library side of `fuzz`.
public struct Fuzzer: Sendable {
    /// What each seed generates.
    public var settings: FuzzSettings
    /// Runs one scenario: the built-in simulation, or one with a library user's own strategy or app.
    public var simulate: @Sendable (Scenario) -> Report

    /// A fuzzer generating under `settings`, running each scenario with `simulate`.
    public init(settings: FuzzSettings = FuzzSettings(),
                simulate: @escaping @Sendable (Scenario) -> Report = { Simulation(scenario: $0).run() }) {
        self.settings = settings
        self.simulate = simulate
    }

    /// The scenario `seed` generates.
    public func scenario(seed: UInt64) -> Scenario {
        ScenarioGenerator.scenario(seed: seed, settings: settings)
    }

    /// Generates, runs and checks one seed.
    public func run(seed: UInt64) -> FuzzOutcome {
        let scenario = scenario(seed: seed)
        let report = simulate(scenario)
        return FuzzOutcome(seed: seed, scenario: scenario, report: report, failures: Invariants.failures(in: report))
    }

    /// Runs every seed on `jobs` threads (each simulation single-threaded) and returns the outcomes in seed order;
    /// `progress` is called after each seed, from the thread that ran it, with how many are done.
    public func campaign(seeds: [UInt64], jobs: Int = 1,
                         progress: @escaping @Sendable (_ done: Int, _ outcome: FuzzOutcome) -> Void = { _, _ in })
        -> [FuzzOutcome] {
        let results = Collected<FuzzOutcome>(count: seeds.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, seeds.count))) { _ in
            while let index = results.claim() {
                let outcome = run(seed: seeds[index])
                progress(results.store(outcome, at: index), outcome)
            }
        }
        return results.values
    }
}

/// One seed's run: the scenario, its report, and what broke, first failure first.
public struct FuzzOutcome: Sendable {
    /// The seed the scenario was generated from.
    public var seed: UInt64
    /// The generated scenario.
    public var scenario: Scenario
    /// Its run's report.
    public var report: Report
    /// The invariants the run broke, first failure first.
    public var failures: [FuzzFailure]

    /// An outcome from its parts.
    public init(seed: UInt64, scenario: Scenario, report: Report, failures: [FuzzFailure]) {
        self.seed = seed
        self.scenario = scenario
        self.report = report
        self.failures = failures
    }

    /// The first failure, in the order of the failure classes; nil when the seed passed.
    public var failure: FuzzFailure? { failures.first }
}
