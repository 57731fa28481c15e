import SyncSimulator

/// `syncsim compare`: runs every scenario under every chosen strategy and writes the matrix of outcomes.
enum CompareCommand {
    static let paths = ArgumentSpec.scenarioPaths(defaultValue: "Scenarios")
    static let strategies = OptionSpec(name: "strategies", valueName: "strategies",
                                       help: "The built-in strategies to compare, separated by commas.",
                                       defaultValue: StrategySpec.builtInNames.joined(separator: ","))
    /// The matrix's file name without its extension.
    static let matrixName = "compare"

    static let spec = CommandSpec(
        qualifiedName: "syncsim compare",
        abstract: "Run scenarios under several strategies and write a matrix of outcomes.",
        discussion: """
            Each scenario runs once under each strategy, with its own seed (or '--seed'),
            and the matrix goes to '<out>/compare.md', '.json' and '.html': a row per scenario,
            a column per strategy. A cell reads '✓ 10m · z0 l1 d0 c0': converged (✓) or
            not (✗), when the run went quiet (or 'never'), then zombies, lost updates,
            duplicates and conflicts shown to users. No per-scenario reports are written.

            Exit codes: 0 the matrix was written, whatever the expectations; 65 a scenario
            file was invalid (the others are still compared); 64 bad usage; 66 a path does
            not exist or holds no scenario files; 73 the matrix could not be written;
            74 standard output or error could not be written.
            """,
        arguments: [paths],
        options: [strategies, .seed, .out, .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        let specs = try StrategySpec.builtIns(listed: arguments.value(of: strategies) ?? "", option: "--strategies")
        let seed = try arguments.unsignedInteger(.seed)
        guard let files = environment.scenarioFiles(arguments.values(of: paths)) else { return .noInput }
        var comparison = Comparison(strategies: specs.map(\.name), seed: seed)
        var invalid = 0
        for (index, file) in files.enumerated() {
            environment.showProgress(index, of: files.count, file)
            guard let scenario = environment.load(file) else {
                invalid += 1
                continue
            }
            let runs = specs.map { spec in
                var variant = scenario
                RunOverrides(seed: seed, strategy: spec).apply(to: &variant)
                return environment.simulate(variant, false)
            }
            let row = ComparisonRow(scenario: file.suitePath, seed: seed ?? scenario.seed,
                                    cells: runs.map(ComparisonCell.init(report:)))
            comparison.rows.append(row)
            environment.console.out(line(for: row, strategies: comparison.strategies))
        }
        let store = ReportStore(outputFolder: arguments.value(of: .out) ?? OptionSpec.defaultOutputFolder)
        do {
            let written = try store.write(comparison, named: matrixName, writers: [MarkdownComparisonWriter(), JSONComparisonWriter(),
                                                                              HTMLComparisonWriter()])
            environment.console.out("Wrote " + written.dropLast().joined(separator: ", ") + " and " + written.last!)
        } catch {
            environment.console.error("Error: \(error)")
            return .cannotWriteReport
        }
        return invalid > 0 ? .invalidScenario : .success
    }

    /// `merge/reorder.json  seed=1  lww ✓ 10m · z0 l1 d0 c0 | field-merge ✓ 10m · z0 l0 d0 c0`.
    static func line(for row: ComparisonRow, strategies: [String]) -> String {
        let cells = zip(strategies, row.cells).map { "\($0) \($1.summary)" }
        return "\(row.scenario)  seed=\(row.seed)  " + cells.joined(separator: " | ")
    }
}
