import Testing
@testable import SyncSimulator

/// Damaged scenario files must fail with issues, never crash.
@Suite("Scenario loader: hostile input")
struct LoaderFuzzTests {
    /// Bytes written over each position of the example: structure, quotes, digits, letters and invalid UTF-8.
    private static let replacements: [UInt8] = [0x7B, 0x7D, 0x5B, 0x5D, 0x22, 0x2C, 0x3A, 0x5C, 0x2D, 0x39, 0x61, 0x20, 0x00, 0xC3, 0xFF]

    @Test func everyTruncationAndMutationOfTheExampleFailsCleanly() {
        let bytes = Array(LoaderTestSupport.example.utf8)
        var loaded = 0
        for offset in bytes.indices {
            let truncated = Array(bytes[..<offset])
            if case .success = ScenarioLoader.parse(truncated, file: "fuzz.json") { loaded += 1 }
            var removed = bytes
            removed.remove(at: offset)
            _ = ScenarioLoader.parse(removed, file: "fuzz.json")
            for replacement in Self.replacements {
                var mutated = bytes
                mutated[offset] = replacement
                if case let .failure(error) = ScenarioLoader.parse(mutated, file: "fuzz.json") {
                    #expect(!error.issues.isEmpty)
                }
            }
        }
        #expect(loaded == 0)
    }
}
