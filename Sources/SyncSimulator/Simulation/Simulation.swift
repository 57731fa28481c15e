import Foundation

/// Runs one scenario to its end and turns the History into a Report.
public struct Simulation {
    /// The scenario to run.
    public let scenario: Scenario
    /// The conflict strategy of the built-in devices.
    public let strategy: any ConflictStrategy
    /// Which devices run a library user's app instead of the built-in device.
    let apps: AppFactories

    /// A simulation of `scenario` under its own strategy, or under `strategy` (a library user's own) when given.
    /// Every device runs `app` when given, and a device whose id `apps` names runs that one; the others run the
    /// built-in device.
    public init(scenario: Scenario, strategy: (any ConflictStrategy)? = nil, app: AppFactory? = nil,
                apps: [String: AppFactory] = [:]) {
        self.scenario = scenario
        self.strategy = strategy ?? Simulation.builtIn(scenario.strategy)
        self.apps = AppFactories(all: app, byDevice: apps)
    }

    /// A simulation of the scenario file at `url`, with the same choices; throws `ScenarioError` for a file that is
    /// not a valid scenario.
    public init(contentsOf url: URL, strategy: (any ConflictStrategy)? = nil, app: AppFactory? = nil,
                apps: [String: AppFactory] = [:]) throws {
        self.init(scenario: try ScenarioLoader.load(path: url.path).get(), strategy: strategy, app: app, apps: apps)
    }

    /// The built-in strategy a scenario names.
    public static func builtIn(_ spec: StrategySpec) -> any ConflictStrategy {
        switch spec {
        case let .lww(clock): return LastWriterWins(clock: clock)
        case .serverWins: return ServerWins()
        case .clientWins: return ClientWins()
        case let .fieldMerge(rules): return FieldMerge(rules: rules)
        case let .userChoice(choice, decideAfter): return UserChoiceStrategy(choice: choice, decideAfter: decideAfter)
        }
    }

    /// Runs the scenario; the report's suite path and repro command name the scenario's own file.
    public func run() -> Report {
        run(trace: nil)
    }

    /// Runs the scenario, tracing every event it dispatches into `trace`; with `recordsTimeline`, the report carries
    /// the timeline its HTML page draws (recording it costs time and memory, so it is off unless asked for).
    public func run(trace: Trace?, recordsTimeline: Bool = false) -> Report {
        let world = World(scenario: scenario, strategy: strategy, apps: apps)
        world.trace = trace
        world.recorder = recordsTimeline ? TimelineRecorder() : nil
        world.run()
        var report = ReportBuilder(world: world).report
        trace?.seal(with: JSONReportWriter().render(report))
        report.timeline = world.recorder.map { TimelineBuilder.timeline(of: world, recorder: $0) }
        return report
    }

    /// Runs the scenario and returns its event queue's operations, for the bench to replay.
    package func recordQueue() -> QueueRecording {
        let world = World(scenario: scenario, strategy: strategy, apps: apps)
        world.queueRecording = QueueRecording()
        world.run()
        return world.queueRecording ?? QueueRecording()
    }
}
