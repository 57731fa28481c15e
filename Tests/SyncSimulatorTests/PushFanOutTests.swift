import Foundation
import Testing
@testable import SyncSimulator

/// Silent pushes travel only to devices that sync on them, and their latency is drawn apart from the link's other draws.
@Suite struct PushFanOutTests {
    /// The trace lines of a run of `json`, each decoded to its members.
    private static func traced(_ json: String) throws -> [[String: Any]] {
        let scenario = try ScenarioLoader.parse(Array(json.utf8), file: "test.json").get()
        let trace = Trace(.lines)
        _ = Simulation(scenario: scenario).run(trace: trace)
        return try trace.lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func aDeviceWithoutPushGetsNoPushEventYetThePushCountsAsSent() throws {
        let json = """
        {"devices": [{"id": "A"}, {"id": "B", "sync": {"push": false}}, {"id": "C"}],
         "records": [{"id": "r1", "type": "T", "fields": {"n": 0}}],
         "timeline": [{"at": "1m", "device": "A", "do": "edit", "record": "r1", "set": {"n": 1}}]}
        """
        let pushes = try Self.traced(json).filter { $0["kind"] as? String == "push" }
        #expect(pushes.map { $0["device"] as? String } == ["C"])
        #expect(SimulationTestSupport.run(json).counters.pushes == 2)
    }

    @Test func aPushDoesNotShiftTheLatencyOfTheReceivingDevicesRequests() throws {
        // B is killed, so A's commit pushes to B without starting a sync; B's first request after its launch at 5m
        // reaches the server at the same time whether that push was sent or not.
        func arrivals(aCommits: Bool) throws -> [String] {
            let step = aCommits ? #""do": "edit", "record": "r1", "set": {"n": 1}"# : #""do": "sync""#
            return try Self.traced("""
            {"network": {"latency": {"min": "20ms", "max": "400ms"}},
             "devices": [{"id": "A"}, {"id": "B", "sync": {"interval": "forever"}}],
             "records": [{"id": "r1", "type": "T", "fields": {"n": 0}}],
             "timeline": [{"at": "30s", "device": "B", "do": "kill"},
                          {"at": "1m", "device": "A", \(step)},
                          {"at": "5m", "device": "B", "do": "launch"}]}
            """).filter { $0["device"] as? String == "B" && $0["kind"] as? String == "atServer" }
                .compactMap { $0["time"] as? String }
        }
        let withPush = try arrivals(aCommits: true)
        #expect(!withPush.isEmpty)
        #expect(withPush.first == (try arrivals(aCommits: false)).first)
    }
}
