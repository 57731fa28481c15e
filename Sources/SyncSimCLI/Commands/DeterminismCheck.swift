import SyncSimulator

/// `run --check-determinism`: runs a scenario again in another process and compares the two traces.
struct DeterminismCheck {
    var file: String
    var overrides: RunOverrides
    var seed: UInt64
    /// This program, to run the second time in another process; nil runs it again in this one.
    var executable: String?

    /// Adds a failed `determinism` expectation to the report when the second run traces differently.
    func compare(_ trace: Trace, of scenario: Scenario, into report: inout Report) {
        guard again(scenario, mode: .hash).first != trace.hashText else { return }
        let sentence = DeterminismCheck.difference(again(scenario, mode: .lines), again(scenario, mode: .lines))
        report.expectations.append(ExpectationResult(key: "determinism", expected: "the same trace in two processes",
                                                     actual: sentence, held: false))
        if report.result == .passed { report.result = .failed }
    }

    /// The trace of another run: its hash alone, or its lines.
    private func again(_ scenario: Scenario, mode: Trace.Mode) -> [String] {
        guard let executable else {
            let trace = Trace(mode)
            _ = Simulation(scenario: scenario).run(trace: trace)
            return mode == .hash ? [trace.hashText] : trace.lines
        }
        let arguments = ["run", file, "--seed", String(seed), mode == .hash ? "--worker-hash" : "--worker-trace"]
            + overrides.strategyArguments
        return WorkerProcess.run(executable, arguments).output.split(separator: "\n").map(String.init)
    }

    /// "The traces differ first at event 12: … in one run, … in the other." (or in their length).
    static func difference(_ one: [String], _ other: [String]) -> String {
        guard let index = zip(one, other).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            if one.count == other.count { return "The trace hashes differ, but two more runs traced alike." }
            return "One run traced \(one.count) events and the other \(other.count); they agree up to event \(min(one.count, other.count))."
        }
        return "The traces differ first at event \(index + 1): \(one[index]) in one run, \(other[index]) in the other."
    }
}
