/// A subcommand: its interface and what it does once its arguments are parsed.
struct Command: Sendable {
    let spec: CommandSpec
    let execute: @Sendable (ParsedArguments, Environment) throws(UsageError) -> ExitCode
}
