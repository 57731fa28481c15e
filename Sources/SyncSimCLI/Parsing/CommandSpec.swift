/// A command's declared interface: its name, help texts, positional arguments, options and subcommands.
struct CommandSpec: Sendable {
    /// The name as typed after the program, e.g. `syncsim run`; the program alone for the root.
    var qualifiedName: String
    var abstract: String
    var discussion = ""
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = [.help]
    var subcommands: [CommandSpec] = []

    /// The last word of the qualified name, e.g. `run`.
    var name: String {
        String(qualifiedName.split(separator: " ").last ?? Substring(qualifiedName))
    }

    /// The option a command-line token names: `--name` (before any `=`) or `-x`.
    func option(named token: String) -> OptionSpec? {
        options.first { $0.spellings.contains(token) }
    }
}
