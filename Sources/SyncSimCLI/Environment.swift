import Foundation
import SyncSimulator

/// What commands reach outside themselves for: the console, the scenario loader and the simulation; tests pass fakes.
public struct Environment {
    public var console: Console
    public var loadScenario: (String) -> Result<Scenario, ScenarioError>
    /// Runs a scenario; with `true`, the report carries the timeline its HTML page draws.
    public var simulate: (Scenario, _ recordsTimeline: Bool) -> Report
    /// The process's environment variables (`JOB_COMPLETION_INDEX` for `fuzz --shard`).
    public var variables: [String: String]
    /// This program's own executable, started again as worker processes; nil runs everything in this process.
    public var executable: String?

    public init(console: Console,
                loadScenario: @escaping (String) -> Result<Scenario, ScenarioError> = { ScenarioLoader.load(path: $0) },
                simulate: @escaping (Scenario, Bool) -> Report = {
                    Simulation(scenario: $0).run(trace: nil, recordsTimeline: $1)
                },
                variables: [String: String] = [:], executable: String? = nil) {
        self.console = console
        self.loadScenario = loadScenario
        self.simulate = simulate
        self.variables = variables
        self.executable = executable
    }

    /// The real console, loader and simulation, this process's variables and its own executable.
    public static var standard: Environment {
        Environment(console: .standard, variables: ProcessInfo.processInfo.environment,
                    executable: Bundle.main.executablePath)
    }
}
