import SyncSimulator

/// `syncsim run`: runs scenarios with optional overrides, writes their reports and prints a line for each.
enum RunCommand {
    static let paths = ArgumentSpec.scenarioPaths(defaultValue: "Scenarios")
    static let strategy = OptionSpec(name: "strategy", valueName: "strategy",
                                     help: "Run with this built-in strategy instead of each scenario's:\n"
                                         + StrategySpec.builtInNames.joined(separator: ", ") + ".")
    static let quiet = OptionSpec(name: "quiet", help: "Print only failures and the summary.")

    static let spec = CommandSpec(
        qualifiedName: "syncsim run",
        abstract: "Run scenarios and write their reports.",
        discussion: """
            Scenarios run in the order given; a folder's files in sorted path order.
            Each report goes to '<out>/<folder within the suite>/<name>.md' and '.json'.

            Exit codes: 0 every scenario passed; 1 an expectation failed or a run
            exhausted its budget; 65 a scenario file was invalid (this wins over 1);
            64 bad usage; 66 a path does not exist or holds no scenario files;
            73 a report could not be written.
            """,
        arguments: [paths],
        options: [.seed, strategy, .out, quiet, .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        let overrides = try RunOverrides(arguments)
        guard let files = environment.scenarioFiles(arguments.values(of: paths)) else { return .noInput }
        let store = ReportStore(outputFolder: arguments.value(of: .out) ?? OptionSpec.defaultOutputFolder)
        let quiet = arguments.isSet(quiet)
        var tally = RunTally()
        for (index, file) in files.enumerated() {
            environment.showProgress(index, of: files.count, file)
            guard var scenario = environment.load(file) else {
                tally.invalid += 1
                continue
            }
            overrides.apply(to: &scenario)
            var report = environment.simulate(scenario)
            report.suitePath = file.suitePath
            report.repro = overrides.repro(path: file.path, seed: scenario.seed)
            do {
                try store.write(report)
            } catch {
                environment.console.error("Error: \(error)")
                return .cannotWriteReport
            }
            if report.passed { tally.passed += 1 } else { tally.failed += 1 }
            if !quiet || !report.passed { environment.console.out(report.outcomeLine) }
        }
        environment.console.out(tally.summary)
        return tally.exitCode
    }
}
