import Testing
@testable import SyncSimulator

/// A timeline step reaches the device it names, whether the World finds it by comparing ids (a few devices) or by
/// its table (many).
@Suite struct DeviceLookupTests {
    @Test(arguments: [3, 8, 9, 12])
    func aStepReachesTheDeviceItNames(devices count: Int) throws {
        let ids = (0..<count).map { "device-\($0)" }
        let text = """
            {"devices": [\(ids.map { "{\"id\": \"\($0)\"}" }.joined(separator: ", "))],
             "timeline": [{"at": "1s", "device": "\(ids[count - 1])", "do": "create", "record": "r", "type": "Note", "fields": {"n": 1}}]}
            """
        let scenario = try ScenarioLoader.parse(Array(text.utf8), file: "test.json").get()
        let world = World(scenario: scenario, strategy: Simulation.builtIn(scenario.strategy))
        #expect(ids.indices.allSatisfy { world.index(ofDevice: ids[$0]) == $0 })
        #expect(world.index(ofDevice: "device-\(count)") == nil)
        world.run()
        #expect(world.history.actions.map(\.device.name) == [ids[count - 1]])
        #expect(ReportBuilder(world: world).report.serverFields("r") == ["n": .number(1)])
    }

    /// A scenario made in code may give two devices one id (a file may not): a step reaches the last of them, by either
    /// way of finding it.
    @Test(arguments: [3, 12])
    func aSharedIdNamesTheLastDeviceWithIt(devices count: Int) {
        let ids = (0..<count).map { $0 == 0 || $0 == count - 1 ? "twin" : "device-\($0)" }
        let scenario = Scenario(name: "twins", devices: ids.map(DeviceConfig.init(id:)))
        let world = World(scenario: scenario, strategy: Simulation.builtIn(scenario.strategy))
        #expect(world.index(ofDevice: "twin") == count - 1)
    }
}
