import SyncSimulator

/// `syncsim schema`: prints the scenario format's JSON Schema, for editors to complete and check scenario files.
enum SchemaCommand {
    static let spec = CommandSpec(
        qualifiedName: "syncsim schema",
        abstract: "Print the JSON Schema of the scenario format.",
        discussion: """
            Prints a JSON Schema (draft 2020-12) of scenario files: every key with its
            description and default. Point an editor at it with a "$schema" key in a
            scenario file, or save it: 'syncsim schema > scenario.schema.json'.
            'syncsim validate' stays the authority: it also checks what a schema cannot,
            such as references to devices and records and a range's order.

            Exit codes: 0 the schema was printed; 64 bad usage.
            """)

    static let command = Command(spec: spec) { _, environment in
        environment.console.writeOutput(ScenarioSchema.text)
        return .success
    }
}
