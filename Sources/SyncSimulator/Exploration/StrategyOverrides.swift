extension StrategySpec {
    /// `base` with the options that `KEY=VALUE` assignments set over its defaults (`choice=keep-server`,
    /// `decideAfter=30m`, `clock=hybrid`, `fields.rating=max`), read as a scenario file's `strategy` object is; an
    /// invalid one is an issue whose path is the key, e.g. `choice: expected one of "keep-local", …, found "mine"`.
    package static func parsing(_ assignments: [String], over base: StrategySpec) -> Result<StrategySpec, ScenarioError> {
        let option = "--strategy-option"
        return Assignments.members(assignments, option: option).flatMap { members in
            if let member = members.first(where: { !base.optionKeys.contains($0.key) }) {
                let message = base.optionKeys.isEmpty ? "\(base.name) takes no options"
                    : "unknown key \(JSONValue.quoted(member.key)) for \(base.name); "
                        + Suggestion.help(for: member.key, among: base.optionKeys)
                return .failure(ScenarioError(file: option, issues: [ScenarioIssue(path: member.key, message: message)]))
            }
            let strategy = JSONValue.object([("name", .string(base.name))] + members)
            let document = JSONValue.object([("strategy", strategy), ("devices", .array([.object([("id", .string("d"))])]))])
            return Assignments.decode(document, option: option, prefix: "strategy.", \.strategy)
        }
    }
}
