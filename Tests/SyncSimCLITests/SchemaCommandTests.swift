import Testing
import SyncSimulator
@testable import SyncSimCLI

/// `syncsim schema` prints the scenario format's JSON Schema and nothing else.
@Suite struct SchemaCommandTests {
    @Test func printsTheSchemaAndExitsZero() {
        let outcome = runCLI(["schema"])
        #expect(outcome.code == 0)
        #expect(outcome.err.isEmpty)
        #expect(outcome.out == ScenarioSchema.text)
        #expect(outcome.out.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
    }

    @Test func takesNoArguments() {
        let outcome = runCLI(["schema", "Scenarios"])
        #expect(outcome.code == 64)
        #expect(outcome.out.isEmpty)
    }

    @Test func helpSaysHowToUseIt() {
        let outcome = runCLI(["help", "schema"])
        #expect(outcome.out.hasPrefix("OVERVIEW: Print the JSON Schema of the scenario format.\n"))
        #expect(outcome.out.contains("USAGE: syncsim schema\n"))
    }
}
