/// A comma-separated list of named choices, as `--strategies` and `--format` take them.
enum ChoiceList {
    /// The choices `list` names, in its order; an empty list, an unknown name or a repeat is a usage error.
    static func parse<Choice: Equatable>(_ list: String, option: String, choices: [String],
                                         named: (String) -> Choice?) throws(UsageError) -> [Choice] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard names != [""] else { throw .emptyList(option: option, choices: choices) }
        var picked: [Choice] = []
        for name in names {
            guard let choice = named(name) else { throw .invalidChoice(option: option, value: name, choices: choices) }
            guard !picked.contains(choice) else { throw .repeatedValue(option: option, value: name) }
            picked.append(choice)
        }
        return picked
    }
}
