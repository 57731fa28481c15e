extension ClientConfig {
    /// The client options that `KEY=VALUE` assignments set over the correct defaults (`deletes=hard`,
    /// `idempotencyKeys=false`, `retry.base=2s`), read as a scenario file's `client` object is; an invalid one is an
    /// issue whose path is the key, e.g. `deletes: expected one of "tombstone", "hard", found "soft"`.
    package static func parsing(_ assignments: [String]) -> Result<ClientConfig, ScenarioError> {
        var members: [(key: String, value: JSONValue)] = []
        var retry: [(key: String, value: JSONValue)] = []
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                return .failure(ScenarioError(file: "--client", issues: [ScenarioIssue(
                    path: "", message: "expected KEY=VALUE, found \(JSONValue.quoted(assignment))")]))
            }
            let key = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            let value: JSONValue = text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
            if key.hasPrefix("retry.") {
                retry.append((String(key.dropFirst(6)), value))
            } else {
                members.append((key, value))
            }
        }
        if !retry.isEmpty { members.append(("retry", .object(retry))) }
        let document = JSONValue.object([("devices", .array([.object([("id", .string("d")), ("client", .object(members))])]))])
        switch ScenarioLoader.parse(Array(document.compact.utf8), file: "client.json") {
        case let .success(scenario):
            return .success(scenario.devices[0].client)
        case let .failure(error):
            let prefix = "devices[0].client."
            return .failure(ScenarioError(file: "--client", issues: error.issues.map { issue in
                ScenarioIssue(path: issue.path.hasPrefix(prefix) ? String(issue.path.dropFirst(prefix.count)) : issue.path,
                              message: issue.message)
            }))
        }
    }
}
