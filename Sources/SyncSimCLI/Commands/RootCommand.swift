import SyncSimulator

/// `syncsim` itself: picks the subcommand, answers help and version, and turns usage errors into exit code 64.
enum RootCommand {
    static let spec = CommandSpec(
        qualifiedName: "syncsim",
        abstract: "Simulate offline-first sync across virtual devices, deterministically.",
        options: [.version, .help],
        subcommands: [RunCommand.spec, CompareCommand.spec, FuzzCommand.spec, ShrinkCommand.spec, ValidateCommand.spec, SchemaCommand.spec,
                      BenchCommand.spec, HelpCommand.spec])

    static let commands = [RunCommand.command, CompareCommand.command, FuzzCommand.command, ShrinkCommand.command,
                           ValidateCommand.command, SchemaCommand.command,
                           BenchCommand.command,
                           HelpCommand.command(root: spec)]

    static func run(_ tokens: [String], in environment: Environment) -> ExitCode {
        guard let name = tokens.first, !name.hasPrefix("-") else { return runOwnOptions(tokens, in: environment) }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let suggestion = Suggestion.closest(to: name, among: commands.map(\.spec.name))
            return fail(.unknownCommand(name, suggestion: suggestion), usageOf: spec, on: environment.console)
        }
        let rest = Array(tokens.dropFirst())
        if ArgumentParser.wantsHelp(rest) {
            environment.console.out(HelpFormatter.help(for: command.spec))
            return .success
        }
        do {
            return try command.execute(ArgumentParser.parse(rest, for: command.spec), environment)
        } catch {
            return fail(error, usageOf: command.spec, on: environment.console)
        }
    }

    /// `--version`, or the program's help for `--help` and for no arguments at all.
    private static func runOwnOptions(_ tokens: [String], in environment: Environment) -> ExitCode {
        if ArgumentParser.wantsHelp(tokens) {
            environment.console.out(HelpFormatter.help(for: spec))
            return .success
        }
        do {
            let parsed = try ArgumentParser.parse(tokens, for: spec)
            environment.console.out(parsed.isSet(.version) ? "syncsim \(CLI.version)" : HelpFormatter.help(for: spec))
            return .success
        } catch {
            return fail(error, usageOf: spec, on: environment.console)
        }
    }

    /// Prints the error, the command's usage line and where to find more, all to standard error.
    private static func fail(_ error: UsageError, usageOf spec: CommandSpec, on console: Console) -> ExitCode {
        console.error("Error: \(error)")
        console.error("Usage: \(HelpFormatter.usage(for: spec))")
        console.error("  See '\(spec.qualifiedName) --help' for more information.")
        return .usage
    }
}
