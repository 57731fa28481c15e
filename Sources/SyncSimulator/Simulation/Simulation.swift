/// Runs one scenario to its end and turns the History into a Report.
public struct Simulation {
    public let scenario: Scenario

    public init(scenario: Scenario) {
        self.scenario = scenario
    }

    /// Runs the scenario; `suitePath` and `repro` default to the scenario's own name.
    public func run() -> Report {
        fatalError("not yet built")
    }
}
