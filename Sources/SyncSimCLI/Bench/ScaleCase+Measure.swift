import Foundation
import SyncSimulator

extension ScaleCase {
    /// Runs the case once in this process and times it, reports included; checks that it ran as meant: a busy run to
    /// its event budget, the others to quiet with their expectations held. The peak memory is left unknown.
    func measure(simulate: (Scenario) -> Report) -> BenchRow.Outcome {
        let scenario = scenario
        let run = Benchmark.fastest(of: 1) { simulate(scenario) }
        let report = run.result
        switch self {
        case let .busy(events):
            guard report.result == .budgetExhausted, report.counters.events > events else {
                return .failed("the busy run went quiet after \(report.counters.events) events, short of its budget of \(events)")
            }
        case .records, .devices:
            guard report.passed else { return .failed("the scenario failed: \(report.failureReason)") }
        }
        guard !reportFormats.isEmpty else {
            return .measured(BenchMeasurement(count: report.counters.events, duration: run.duration))
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("syncsim-bench-\(ProcessInfo.processInfo.processIdentifier)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = ReportStore(outputFolder: folder, writers: reportFormats.compactMap(\.writer))
        let writing = Benchmark.fastest(of: 1) { () -> (any Error)? in
            do {
                try store.write(report)
                return nil
            } catch {
                return error
            }
        }
        if let error = writing.result { return .failed("the reports could not be written: \(error)") }
        return .measured(BenchMeasurement(count: report.counters.events, duration: run.duration + writing.duration,
                                          reportsDuration: writing.duration))
    }

    /// Runs the case in a worker process, `executable bench --worker-case <token>`, and reads the line it prints, with
    /// the worker's own peak memory; a worker that crashed or printed no measurement is the row's failure.
    func measure(inWorker executable: String) -> BenchRow.Outcome {
        let ending = WorkerProcess.run(executable, ["bench", "--" + BenchCommand.workerCase.name, token])
        if let line = ending.output.split(separator: "\n").last, let outcome = BenchRow.outcome(line: line) {
            return outcome
        }
        if ending.status < 0 { return .failed("the worker process could not be started: \(executable)") }
        let reason = ending.crashed ? "the worker process was killed by signal \(ending.status)"
            : "the worker process exited with status \(ending.status) without a measurement"
        return .failed(reason + (ending.complaint.map { ": \($0)" } ?? ""))
    }
}
