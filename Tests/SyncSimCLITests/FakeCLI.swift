import Foundation
import SyncSimulator
@testable import SyncSimCLI

/// Runs the CLI with captured output, a fake loader and a fake simulation.
///
/// A scenario file holds one word: `pass`, `fail` or `budget` picks the fake run's result; anything else
/// makes the file invalid. `simulated` receives every scenario the simulation ran; `simulate` replaces the fake.
func runCLI(_ arguments: [String], errorIsTerminal: Bool = false,
            simulated: ((Scenario) -> Void)? = nil, simulate: @escaping (Scenario) -> Report = fakeReport) -> CLIOutcome {
    runCaptured(arguments, errorIsTerminal: errorIsTerminal) { console in
        Environment(console: console, loadScenario: fakeLoad, simulate: { scenario, _ in
            simulated?(scenario)
            return simulate(scenario)
        })
    }
}

private func fakeLoad(_ path: String) -> Result<Scenario, ScenarioError> {
    let word = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard ["pass", "fail", "budget"].contains(word) else {
        return .failure(ScenarioError(file: path, issues: [ScenarioIssue(path: "outcome", message: "expected pass, found \(word)")]))
    }
    var scenario = Scenario(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension,
                            devices: [DeviceConfig(id: "iPhone")])
    scenario.description = word
    return .success(scenario)
}

/// The fake simulation's report: `pass` and `fail` as the description says, anything else budget exhausted.
func fakeReport(for scenario: Scenario) -> Report {
    let result: RunResult = scenario.description == "pass" ? .passed : scenario.description == "fail" ? .failed : .budgetExhausted
    let zombies = ExpectationResult(key: "zombies", expected: "0", actual: result == .failed ? "1" : "0",
                                    held: result != .failed)
    return Report(scenario: scenario.name, description: scenario.description, suitePath: scenario.name, seed: scenario.seed,
                  strategy: scenario.strategy.name, result: result, settleStartedAt: .minutes(5),
                  quietAt: result == .budgetExhausted ? nil : .minutes(6), endedAt: .minutes(6),
                  expectations: [zombies], server: [], devices: [], anomalies: [], counters: Counters(), repro: "")
}
