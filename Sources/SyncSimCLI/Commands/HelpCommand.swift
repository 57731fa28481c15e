import SyncSimulator

/// `syncsim help [<subcommand>]`: shows the help of the program or of one subcommand.
enum HelpCommand {
    static let subcommand = ArgumentSpec(name: "subcommand", help: "The subcommand to show help for.", isOptional: true)

    static let spec = CommandSpec(qualifiedName: "syncsim help", abstract: "Show help for a subcommand.",
                                  arguments: [subcommand])

    /// The help command of the program `root`, whose subcommands it can describe.
    static func command(root: CommandSpec) -> Command {
        Command(spec: spec) { arguments, environment throws(UsageError) in
            guard let name = arguments.values(of: subcommand).first else {
                environment.console.out(HelpFormatter.help(for: root))
                return .success
            }
            guard let target = root.subcommands.first(where: { $0.name == name }) else {
                throw .unknownCommand(name, suggestion: Suggestion.closest(to: name, among: root.subcommands.map(\.name)))
            }
            environment.console.out(HelpFormatter.help(for: target))
            return .success
        }
    }
}
