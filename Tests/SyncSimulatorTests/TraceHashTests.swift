import Testing
import SyncSimulator

/// A trace's hash is the same for two runs of one scenario and changes with the seed; lines and hash agree.
@Suite struct TraceHashTests {
    private static func trace(_ scenario: Scenario, _ mode: Trace.Mode) -> Trace {
        let trace = Trace(mode)
        _ = Simulation(scenario: scenario).run(trace: trace)
        return trace
    }

    @Test func theSameScenarioTwiceHashesAlike() {
        let scenario = SimulationTestSupport.bundled("zombies/hard-delete-resurrects.json")
        let one = Self.trace(scenario, .hash)
        let other = Self.trace(scenario, .hash)
        #expect(one.hashText == other.hashText)
        #expect(one.hashText.count == 16)
        #expect(one.count == other.count)
        #expect(one.lines == [])
    }

    @Test func anotherSeedHashesDifferently() {
        var scenario = ScenarioGenerator.scenario(seed: 4, settings: FuzzSettings())
        let first = Self.trace(scenario, .hash).hashText
        scenario.seed = 5
        #expect(Self.trace(scenario, .hash).hashText != first)
        #expect(Self.trace(ScenarioGenerator.scenario(seed: 5, settings: FuzzSettings()), .hash).hashText != first)
    }

    /// The hash covers exactly the lines a `.lines` trace keeps, each with its line break, then the run's JSON report
    /// (FNV-1a, 64-bit).
    @Test func theHashIsOfTheLinesThenTheReport() {
        let scenario = SimulationTestSupport.bundled("conflicts/two-devices-edit-offline.json")
        let full = Self.trace(scenario, .lines)
        let hashed = Self.trace(scenario, .hash)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let report = JSONReportWriter().render(Simulation(scenario: scenario).run())
        for byte in (full.lines.map({ $0 + "\n" }).joined() + report).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        #expect(full.count == full.lines.count)
        #expect(full.count == Simulation(scenario: scenario).run().counters.events)
        #expect(hashed.hash == hash && full.hash == hash)
        #expect(UInt64(hashed.hashText, radix: 16) == hash)
    }
}
