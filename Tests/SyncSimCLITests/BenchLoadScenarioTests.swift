import SyncSimulator
import Testing
@testable import SyncSimCLI

/// The generated scenarios of the bench's large cases, at sizes a test runs in a moment: they are what their rows
/// say, and they run as their rows need.
@Suite struct BenchLoadScenarioTests {
    /// The busy load runs until its event budget stops it, with no more than a few times the actions it uses.
    @Test(arguments: [10_000, 100_000])
    func theBusyLoadReachesItsBudget(events: Int) {
        let scenario = Scenario.busyLoad(events: events)
        let report = Simulation(scenario: scenario).run()
        #expect(report.result == .budgetExhausted)
        #expect(report.counters.events == events + 1)
        #expect(report.counters.userActions * 3 > scenario.timeline.count,
                "\(report.counters.userActions) of \(scenario.timeline.count) actions used; see Scenario.busyActions")
    }
}
