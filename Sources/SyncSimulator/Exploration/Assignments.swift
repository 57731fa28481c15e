/// `KEY=VALUE` command-line assignments read as a scenario file's object would be, for `--client` and `--strategy-option`.
package enum Assignments {
    /// The assignments as object members: `true` and `false` are booleans, any other value a string, and
    /// `outer.inner=VALUE` a member of the nested object `outer`, in the order the outer keys first appear.
    static func members(_ assignments: [String], option: String) -> Result<[(key: String, value: JSONValue)], ScenarioError> {
        var members: [(key: String, value: JSONValue)] = []
        var nested: [(key: String, members: [(key: String, value: JSONValue)])] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                return .failure(ScenarioError(file: option, issues: [ScenarioIssue(
                    path: "", message: "expected KEY=VALUE, found \(JSONValue.quoted(assignment))")]))
            }
            let key = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            let value: JSONValue = text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
            guard let dot = key.firstIndex(of: ".") else {
                members.append((key, value))
                continue
            }
            let outer = String(key[..<dot])
            let inner = (String(key[key.index(after: dot)...]), value)
            if let index = nested.firstIndex(where: { $0.key == outer }) {
                nested[index].members.append(inner)
            } else {
                nested.append((outer, [inner]))
            }
        }
        return .success(members + nested.map { ($0.key, JSONValue.object($0.members)) })
    }

    /// The value `pick` takes from the scenario `document` parses to; an issue's path loses `prefix`, so it names
    /// the key as it was assigned, and the error names `option` as its file.
    static func decode<T>(_ document: JSONValue, option: String, prefix: String,
                          _ pick: (Scenario) -> T) -> Result<T, ScenarioError> {
        switch ScenarioLoader.parse(Array(document.compact.utf8), file: "assignments.json") {
        case let .success(scenario):
            return .success(pick(scenario))
        case let .failure(error):
            return .failure(ScenarioError(file: option, issues: error.issues.map { issue in
                ScenarioIssue(path: issue.path.hasPrefix(prefix) ? String(issue.path.dropFirst(prefix.count)) : issue.path,
                              message: issue.message)
            }))
        }
    }
}
