extension ClientConfig {
    /// The client options that `KEY=VALUE` assignments set over the correct defaults (`deletes=hard`,
    /// `idempotencyKeys=false`, `retry.base=2s`), read as a scenario file's `client` object is; an invalid one is an
    /// issue whose path is the key, e.g. `deletes: expected one of "tombstone", "hard", found "soft"`.
    package static func parsing(_ assignments: [String]) -> Result<ClientConfig, ScenarioError> {
        Assignments.members(assignments, option: "--client").flatMap { members in
            let device = JSONValue.object([("id", .string("d")), ("client", .object(members))])
            return Assignments.decode(.object([("devices", .array([device]))]), option: "--client",
                                      prefix: "devices[0].client.") { $0.devices[0].client }
        }
    }
}
