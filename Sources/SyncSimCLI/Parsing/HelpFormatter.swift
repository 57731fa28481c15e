/// Renders help pages and usage lines in swift-argument-parser's layout.
enum HelpFormatter {
    /// Where help texts start: labels are indented by two and padded to this column.
    static let helpColumn = 26

    /// `syncsim run [--seed <seed>] ... [<paths> ...]`, or `syncsim <subcommand>` for a command group.
    static func usage(for spec: CommandSpec) -> String {
        if !spec.subcommands.isEmpty { return "\(spec.qualifiedName) <subcommand>" }
        let options = spec.options.filter { $0.name != OptionSpec.help.name && !$0.isHidden }.map(\.usage)
        return ([spec.qualifiedName] + options + spec.arguments.map(\.usage)).joined(separator: " ")
    }

    /// The full help page: OVERVIEW, USAGE, then ARGUMENTS, OPTIONS and SUBCOMMANDS where there are any.
    static func help(for spec: CommandSpec) -> String {
        var sections = ["OVERVIEW: " + spec.abstract + (spec.discussion.isEmpty ? "" : "\n\n" + spec.discussion)]
        sections.append("USAGE: " + usage(for: spec))
        if !spec.arguments.isEmpty {
            sections.append(section("ARGUMENTS:", spec.arguments.map { ("<\($0.name)>", withDefault($0.help, $0.defaultValue)) }))
        }
        sections.append(section("OPTIONS:", spec.options.filter { !$0.isHidden }.map { ($0.label, withDefault($0.help, $0.defaultValue)) }))
        if !spec.subcommands.isEmpty {
            sections.append(section("SUBCOMMANDS:", spec.subcommands.map { ($0.name, $0.abstract) })
                + "\n\n  See '\(spec.qualifiedName) help <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n")
    }

    private static func withDefault(_ help: String, _ defaultValue: String?) -> String {
        defaultValue.map { "\(help) (default: \($0))" } ?? help
    }

    /// A titled list of `label  help` rows; a label too long for its column puts its help on the next line.
    private static func section(_ title: String, _ rows: [(label: String, help: String)]) -> String {
        let indent = String(repeating: " ", count: helpColumn)
        let lines = rows.map { row -> String in
            let label = "  " + row.label
            let help = row.help.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
            if label.count < helpColumn - 1 {
                return label + String(repeating: " ", count: helpColumn - label.count) + help
            }
            return label + "\n" + indent + help
        }
        return ([title] + lines).joined(separator: "\n")
    }
}
