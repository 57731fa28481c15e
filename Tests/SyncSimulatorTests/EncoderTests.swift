import Testing
import SyncSimulator

/// `ScenarioEncoder` writes a scenario as a file the loader reads back to an equal scenario, defaults left out.
@Suite struct EncoderTests {
    @Test func everyBundledScenarioRoundTrips() {
        let paths = SimulationTestSupport.bundledPaths
        #expect(paths.count >= 20)
        var broken: [String] = []
        for path in paths {
            let scenario = SimulationTestSupport.bundled(path)
            let text = ScenarioEncoder.text(of: scenario)
            switch ScenarioLoader.parse(Array(text.utf8), file: path) {
            case let .success(loaded) where loaded == scenario:
                if ScenarioEncoder.text(of: loaded) != text { broken.append("\(path): encodes differently once reloaded") }
            case .success:
                broken.append("\(path): reloads to a different scenario")
            case let .failure(error):
                broken.append("\(path): \(error)")
            }
        }
        #expect(broken == [])
    }

    @Test func defaultsAreLeftOut() {
        var scenario = Scenario(name: "tiny", devices: [DeviceConfig(id: "A")])
        scenario.timeline = [TimelineStep(at: .minutes(1), devices: ["A"], action: .increment(record: "r", field: "n", by: 1))]
        scenario.records = [RecordSpec(id: "r", type: "Item", fields: ["n": .number(0)])]
        #expect(ScenarioEncoder.json(scenario).compact == #"{"name":"tiny","seed":1,"strategy":"lww","devices":[{"id":"A"}],"#
            + #""records":[{"id":"r","type":"Item","fields":{"n":0}}],"#
            + #""timeline":[{"at":"1m","device":"A","do":"increment","record":"r","field":"n"}]}"#)
    }

    @Test func aCountOpenOnBothSidesIsWrittenAsOneEveryCountMeets() throws {
        var scenario = Scenario(name: "open", devices: [DeviceConfig(id: "A")])
        scenario.expect.lostUpdates = CountExpectation(atLeast: nil, atMost: nil)
        let text = ScenarioEncoder.text(of: scenario)
        #expect(ScenarioEncoder.json(scenario).compact.hasSuffix(#""expect":{"lostUpdates":{"atLeast":0}}}"#))
        let loaded = try ScenarioLoader.parse(Array(text.utf8), file: "open.json").get()
        #expect(loaded.expect.lostUpdates == CountExpectation(atLeast: 0, atMost: nil))
    }

    @Test func aPinnedScenarioRoundTrips() throws {
        let scenario = ExplorationTestSupport.noisyZombie
        let pinned = scenario.pinned(to: Simulation(scenario: scenario).run())
        #expect(pinned.expect.zombies == .exactly(0))
        #expect(pinned.expect.unexplainedLostUpdates == CountExpectation(atLeast: 0, atMost: nil))
        let text = ScenarioEncoder.text(of: pinned)
        #expect(try ScenarioLoader.parse(Array(text.utf8), file: "pinned.json").get() == pinned)
    }
}
