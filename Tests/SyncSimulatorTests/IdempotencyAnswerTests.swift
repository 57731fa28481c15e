import Testing
@testable import SyncSimulator

/// The server's answers to idempotency keys: kept while a resend or a duplicate may still come, forgotten after.
@Suite struct IdempotencyAnswerTests {
    /// The iPhone's link duplicates every request and loses half the answers until settle, with delays
    /// from 10 ms to 20 s, so a copy can reach the server after the other's answer is back; it increments ten times.
    private var scenario: String {
        let steps = (1...10).map { """
            {"at": "\($0)m", "device": "iPhone", "do": "increment", "record": "c", "field": "n"}
            """ }
        return """
        {"devices": [{"id": "iPhone", "network": {"duplicate": 1, "responseLoss": 0.5, "latency": {"min": "10ms", "max": "20s"}}}, {"id": "iPad"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0}}],
         "timeline": [\(steps.joined(separator: ", "))]}
        """
    }

    @Test func resentAndDuplicatedChangesApplyOnceAndTheirAnswersAreForgottenAfter() throws {
        let scenario = try ScenarioLoader.parse(Array(scenario.utf8), file: "test.json").get()
        let world = World(scenario: scenario, strategy: Simulation.builtIn(scenario.strategy))
        world.run()
        let report = ReportBuilder(world: world).report
        #expect(report.passed)
        #expect(report.serverFields("c") == ["n": .number(10)])
        #expect(report.counters.duplicatesDelivered > 0)
        #expect(report.counters.responsesLost > 0)
        #expect(world.server.answersKept == 0)
    }
}
