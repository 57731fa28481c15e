import SyncSimulator

/// `syncsim shrink`: shrinks a failing scenario file to a minimal one that fails the same way.
enum ShrinkCommand {
    static let file = ArgumentSpec(name: "file", help: "The failing scenario file.")
    static let out = OptionSpec(name: "out", shortName: "o", valueName: "out", help: "The folder the minimal file is written under.",
                                defaultValue: FuzzCommand.defaultOutputFolder)

    static let spec = CommandSpec(
        qualifiedName: "syncsim shrink",
        abstract: "Shrink a failing scenario to a minimal one that fails the same way.",
        discussion: """
            Removes devices, records, steps, fields and faults, and moves steps earlier,
            as long as the run still fails the same way: the same failure class on the
            same record (or device) as 'fuzz' checks it, or else the same first failed
            expectation. A candidate that is not a valid scenario counts as passing.
            The result goes to '<out>/<name>-min.json'; the file itself is never changed.

            Exit codes: 0 shrunk, or nothing to shrink (the file passes); 64 bad usage;
            65 the file is invalid; 66 the file does not exist; 73 the result could not
            be written; 74 standard output or error could not be written.
            """,
        arguments: [file],
        options: [out, .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        guard let files = environment.scenarioFiles(arguments.values(of: file)) else { return .noInput }
        guard files.count == 1, let found = files.first else {
            throw .invalidValue(option: "<file>", reason: "expected one scenario file, found a folder of \(files.count)")
        }
        guard let scenario = environment.load(found) else { return .invalidScenario }
        let simulate = { environment.simulate($0, false) }
        let report = simulate(scenario)
        let shrinker = Shrinker()
        var minimal: Scenario
        let target: String
        if let failure = Invariants.failures(in: report).first {
            target = "\(failure)"
            minimal = shrinker.shrink(scenario) { Invariants.failures(in: simulate($0)).first.map(failure.matches) ?? false }
            minimal = minimal.pinned(to: simulate(minimal))
        } else if let failed = report.expectations.first(where: { !$0.held }) {
            target = "\(failed.key): expected \(failed.expected), found \(failed.actual)"
            minimal = shrinker.shrink(scenario) { candidate in
                simulate(candidate).expectations.first { !$0.held }?.key == failed.key
            }
        } else {
            environment.console.out("\(found.path) passes: nothing to shrink.")
            return .success
        }
        minimal.name = scenario.name + "-min"
        let store = ReportStore(outputFolder: arguments.value(of: out) ?? FuzzCommand.defaultOutputFolder)
        do {
            let path = try store.write(ScenarioEncoder.text(of: minimal), toFileNamed: minimal.name + ".json")
            environment.console.out("Shrunk \(found.path) (\(target)): \(scenario.timeline.count) → "
                + "\(minimal.timeline.count) steps, \(scenario.devices.count) → \(minimal.devices.count) devices; wrote \(path)")
        } catch {
            environment.console.error("Error: \(error)")
            return .cannotWriteReport
        }
        return .success
    }
}
