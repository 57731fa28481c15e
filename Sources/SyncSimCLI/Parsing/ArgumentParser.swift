import SyncSimulator

/// Matches command-line tokens against a command's interface.
enum ArgumentParser {
    /// Whether the tokens ask for help (`-h` or `--help` before any `--`).
    static func wantsHelp(_ tokens: [String]) -> Bool {
        tokens.prefix { $0 != "--" }.contains { OptionSpec.help.spellings.contains($0) }
    }

    /// Parses options (`--name value`, `--name=value`, flags) and positional values; `--` ends the options.
    static func parse(_ tokens: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals: [String] = []
        var remaining = tokens[...]
        while let token = remaining.popFirst() {
            if token == "--" {
                positionals += remaining
                break
            }
            guard token.hasPrefix("-"), token != "-" else {
                positionals.append(token)
                continue
            }
            let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let spelling = token.hasPrefix("--") ? String(parts[0]) : token
            let inline = token.hasPrefix("--") && parts.count == 2 ? String(parts[1]) : nil
            guard let option = spec.option(named: spelling) else {
                let known = spec.options.flatMap(\.spellings)
                throw .unknownOption(spelling, suggestion: Suggestion.closest(to: spelling, among: known))
            }
            if option.isFlag {
                if inline != nil { throw .unexpectedValue(flag: spelling) }
                parsed.flags.insert(option.name)
            } else if let value = inline ?? remaining.first.flatMap({ isValue($0, for: spec) ? $0 : nil }) {
                if inline == nil { remaining.removeFirst() }
                parsed.options[option.name, default: []].append(value)
            } else {
                throw .missingValue(option: spelling + (option.valueName.map { " <\($0)>" } ?? ""))
            }
        }
        parsed.arguments = try assign(positionals, to: spec.arguments)
        return parsed
    }

    /// Whether the token after an option is its value: not `--anything`, and not one of the command's options (`-q`).
    private static func isValue(_ token: String, for spec: CommandSpec) -> Bool {
        !token.hasPrefix("--") && spec.option(named: token) == nil
    }

    /// Gives each argument its values in order; a repeating argument takes all that are left.
    private static func assign(_ values: [String], to arguments: [ArgumentSpec]) throws(UsageError) -> [String: [String]] {
        var assigned: [String: [String]] = [:]
        var rest = values[...]
        for argument in arguments {
            let taken = argument.isRepeating ? Array(rest) : Array(rest.prefix(1))
            rest = rest.dropFirst(taken.count)
            if taken.isEmpty, !argument.isOptional { throw .missingArgument(argument.usage) }
            assigned[argument.name] = taken
        }
        if let extra = rest.first { throw .unexpectedArgument(extra) }
        return assigned
    }
}
