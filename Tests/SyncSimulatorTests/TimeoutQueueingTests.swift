import Foundation
import Testing
@testable import SyncSimulator

/// A request's timeout is queued only when the request or its answer is lost or late, in the place it took when the
/// request was sent, so runs go as they went when every request queued one.
@Suite struct TimeoutQueueingTests {
    /// The times and devices of the timeouts a run of `json` dispatched.
    private static func timeouts(_ json: String) throws -> [String] {
        let scenario = try ScenarioLoader.parse(Array(json.utf8), file: "test.json").get()
        let trace = Trace(.lines)
        _ = Simulation(scenario: scenario).run(trace: trace)
        return try trace.lines.compactMap { line in
            let members = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return members["kind"] as? String == "timeout" ? members["time"] as? String : nil
        }
    }

    /// One edit at 1m, sent 2 s later (the default debounce); the sync at 2m keeps the network settings on till then.
    private static func scenario(network: String) -> String {
        """
        {"network": {\(network)}, "devices": [{"id": "A", "sync": {"interval": "forever"}}],
         "records": [{"id": "r1", "type": "T", "fields": {"n": 0}}],
         "timeline": [{"at": "1m", "device": "A", "do": "edit", "record": "r1", "set": {"n": 1}},
                      {"at": "2m", "device": "A", "do": "sync"}]}
        """
    }

    @Test func aRequestAnsweredInTimeQueuesNoTimeout() throws {
        #expect(try Self.timeouts(Self.scenario(network: #""latency": "80ms""#)).isEmpty)
    }

    @Test func aLostAnswerTimesOutWhenTheRequestWasSentPlusTheTimeout() throws {
        let times = try Self.timeouts(Self.scenario(network: #""latency": "80ms", "responseLoss": 1, "timeout": "10s""#))
        #expect(times.first == "1m12s")
    }

    @Test func aLostRequestTimesOutWhenItWasSentPlusTheTimeout() throws {
        let times = try Self.timeouts(Self.scenario(network: #""latency": "80ms", "requestLoss": 1, "timeout": "10s""#))
        #expect(times.first == "1m12s")
    }

    @Test func anAnswerArrivingAfterTheTimeoutComesTooLate() throws {
        let json = Self.scenario(network: #""latency": "6s", "timeout": "10s""#)
        #expect(try Self.timeouts(json).first == "1m12s")
        #expect(SimulationTestSupport.run(json).counters.errors["networkTimeout"] ?? 0 > 0)
    }

    /// An event pushed in a place taken earlier runs where it would have run had it been pushed then: before the
    /// events at its time pushed after the place was taken.
    @Test func anEventPushedInATakenPlaceRunsWhereItWouldHaveRun() {
        var queue = EventQueue<String>()
        queue.push("a", at: .seconds(5))
        let place = queue.takePlace()
        queue.push("c", at: .seconds(5))
        queue.push("early", at: .seconds(1))
        #expect(queue.pop()?.event == "early")
        queue.push("b", at: .seconds(5), in: place)
        var order: [String] = []
        while let (_, event) = queue.pop() { order.append(event) }
        #expect(order == ["a", "b", "c"])
    }
}
