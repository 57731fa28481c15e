import SyncSimulator

/// `syncsim run`: runs scenarios with optional overrides, writes their reports and prints a line for each.
enum RunCommand {
    static let paths = ArgumentSpec.scenarioPaths(defaultValue: "Scenarios")
    static let strategy = OptionSpec(name: "strategy", valueName: "strategy",
                                     help: "Run with this built-in strategy instead of each scenario's:\n"
                                         + StrategySpec.builtInNames.joined(separator: ", ") + ".")
    static let quiet = OptionSpec(name: "quiet", shortName: "q", help: "Print only failures and the summary.")
    static let trace = OptionSpec(name: "trace", help: "Also write every event of each run as JSON Lines,\n'<name>.trace.jsonl' beside its report.")
    static let checkDeterminism = OptionSpec(name: "check-determinism",
                                             help: "Run each scenario again in another process and\nfail it if the two traces differ.")
    /// A worker process: print the hash of the run's trace, write nothing.
    static let workerHash = OptionSpec(name: "worker-hash", help: "", isHidden: true)
    /// A worker process: print the run's whole trace, write nothing.
    static let workerTrace = OptionSpec(name: "worker-trace", help: "", isHidden: true)

    static let spec = CommandSpec(
        qualifiedName: "syncsim run",
        abstract: "Run scenarios and write their reports.",
        discussion: """
            Scenarios run in the order given; a folder's files in sorted path order.
            Each report goes to '<out>/<folder within the suite>/<name>.md', '.json' and
            '.html' (see --format), and '<out>/index.html' lists them all. With junit
            among the formats, '<out>/junit.xml' holds the whole run (simulated times).

            Exit codes: 0 every scenario passed; 1 an expectation failed, a run
            exhausted its budget or traced differently in two processes; 65 a scenario
            file was invalid (this wins over 1); 64 bad usage; 66 a path does not exist
            or holds no scenario files; 73 a report could not be written; 74 standard
            output or error could not be written (a closed pipe, a full disk), though the
            run went on to the end and every report was written.
            """,
        arguments: [paths],
        options: [.seed, strategy, .strategyOption, .out, ReportFormat.option, quiet, trace, checkDeterminism, workerHash, workerTrace,
                  .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        let overrides = try RunOverrides(arguments)
        guard let files = environment.scenarioFiles(arguments.values(of: paths)) else { return .noInput }
        let formats = try ReportFormat.chosen(arguments)
        let store = ReportStore(outputFolder: arguments.value(of: .out) ?? OptionSpec.defaultOutputFolder,
                                writers: formats.compactMap(\.writer))
        let drawsTimeline = formats.contains(.html)
        var reports: [Report] = []
        let quiet = arguments.isSet(quiet)
        let tracing = arguments.isSet(trace)
        let checking = arguments.isSet(checkDeterminism)
        var tally = RunTally()
        /// Every file's outcome for `junit.xml`, when asked for.
        var junitEntries: [JUnitWriter.Entry]? = formats.contains(.junit) ? [] : nil
        var claims = ReportClaims()
        for (index, file) in files.enumerated() {
            environment.showProgress(index, of: files.count, file)
            let loaded = environment.loadReporting(file)
            guard case var .success(scenario) = loaded else {
                if case let .failure(error) = loaded { junitEntries?.append(.invalid(suitePath: file.suitePath, error: error)) }
                tally.invalid += 1
                continue
            }
            if let clash = claims.claim(scenario, of: file) {
                environment.console.error(clash.description)
                tally.invalid += 1
                continue
            }
            overrides.apply(to: &scenario)
            if arguments.isSet(workerHash) || arguments.isSet(workerTrace) {
                let trace = Trace(arguments.isSet(workerTrace) ? .lines : .hash)
                _ = Simulation(scenario: scenario).run(trace: trace)
                environment.console.out(arguments.isSet(workerTrace) ? trace.lines.joined(separator: "\n") : trace.hashText)
                continue
            }
            let trace = tracing ? Trace(.lines) : checking ? Trace(.hash) : nil
            var report = trace.map { Simulation(scenario: scenario).run(trace: $0, recordsTimeline: drawsTimeline) }
                ?? environment.simulate(scenario, drawsTimeline)
            report.suitePath = file.suitePath
            report.repro = overrides.repro(path: file.rerunPath, seed: scenario.seed)
            if let trace, checking {
                let check = DeterminismCheck(file: file.path, overrides: overrides, seed: scenario.seed,
                                             executable: environment.executable)
                check.compare(trace, of: scenario, into: &report)
            }
            do {
                try store.write(report)
                if let trace, tracing {
                    try store.write(trace.lines.map { $0 + "\n" }.joined(), besideReportOf: report, fileExtension: "trace.jsonl")
                }
            } catch {
                environment.console.error("Error: \(error)")
                return .cannotWriteReport
            }
            report.timeline = nil
            junitEntries?.append(.ran(report))
            if report.passed { tally.passed += 1 } else { tally.failed += 1 }
            if drawsTimeline { reports.append(report) }
            if !quiet || !report.passed { environment.console.out(report.outcomeLine) }
        }
        if !arguments.isSet(workerHash) && !arguments.isSet(workerTrace) {
            do {
                if drawsTimeline { try store.write(SuiteIndexWriter().render(reports), toFileNamed: "index.html") }
                if let junitEntries { try store.write(JUnitWriter().render(junitEntries), toFileNamed: "junit.xml") }
            } catch {
                environment.console.error("Error: \(error)")
                return .cannotWriteReport
            }
            environment.console.out(tally.summary)
        }
        return tally.exitCode
    }
}
