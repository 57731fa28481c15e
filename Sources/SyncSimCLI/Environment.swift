import SyncSimulator

/// What commands reach outside themselves for: the console, the scenario loader and the simulation; tests pass fakes.
public struct Environment {
    public var console: Console
    public var loadScenario: (String) -> Result<Scenario, ScenarioError>
    public var simulate: (Scenario) -> Report

    public init(console: Console,
                loadScenario: @escaping (String) -> Result<Scenario, ScenarioError> = { ScenarioLoader.load(path: $0) },
                simulate: @escaping (Scenario) -> Report = { Simulation(scenario: $0).run() }) {
        self.console = console
        self.loadScenario = loadScenario
        self.simulate = simulate
    }

    /// The real console, loader and simulation.
    public static var standard: Environment {
        Environment(console: .standard)
    }
}
