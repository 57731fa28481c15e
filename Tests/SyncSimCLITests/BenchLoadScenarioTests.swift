import SyncSimulator
import Testing
@testable import SyncSimCLI

/// The generated scenarios of the bench's large cases, at sizes a test runs in a moment: they are what their rows
/// say, and they run as their rows need.
@Suite struct BenchLoadScenarioTests {
    /// The busy load runs until its event budget stops it, with no more than a few times the actions it uses.
    @Test(arguments: [10_000, 100_000])
    func theBusyLoadReachesItsBudget(events: Int) {
        let scenario = Scenario.busyLoad(events: events)
        let report = Simulation(scenario: scenario).run()
        #expect(report.result == .budgetExhausted)
        #expect(report.counters.events == events + 1)
        #expect(report.counters.userActions * 3 > scenario.timeline.count,
                "\(report.counters.userActions) of \(scenario.timeline.count) actions used; see Scenario.busyActions")
    }

    /// Each of the 200 commits pushes to 199 devices; queued one event per device, 22,889 events waited at once.
    /// As fan-outs, the queue holds each commit's next push only, and pops every push all the same.
    @Test func aCommitsPushesToManyDevicesWaitAsOneQueuedEvent() {
        let scenario = Scenario.reconnectLoad(devices: 200)
        let recording = Simulation(scenario: scenario).recordQueue()
        var (waiting, most) = (0, 0)
        for step in recording.steps {
            waiting += step == .pop ? -1 : 1
            most = max(most, waiting)
        }
        #expect(most < 5 * 200, "\(most) events waited at once")
        let report = Simulation(scenario: scenario).run()
        #expect(report.passed, "\(report.failureReason)")
        #expect(report.counters.pushes == 200 * 199)
        let pushes = Trace(.lines)
        _ = Simulation(scenario: scenario).run(trace: pushes)
        #expect(pushes.lines.filter { $0.contains("\"kind\":\"push\"") }.count == 200 * 199, "every push arrives")
    }

    @Test func manyRecordsEditsEachRecordOnceAndSettles() throws {
        let scenario = Scenario.manyRecordsLoad(records: 3_000)
        #expect(scenario.records.count == 3_000)
        let edited = scenario.timeline.compactMap { step -> String? in
            guard case let .edit(record, _, _) = step.action else { return nil }
            return record
        }
        #expect(edited.count == 3_000 && Set(edited).count == 3_000)
        let report = Simulation(scenario: scenario).run()
        #expect(report.passed, "\(report.failureReason)")
        #expect(Set(Scenario.manyRecordsLoad(records: 100_000).timeline.map(\.devices)).count == 10)
    }

    @Test func manyDevicesWriteThreeTimesADayWithoutPushesAndSettle() throws {
        let scenario = Scenario.manyDevicesLoad(devices: 30)
        #expect(scenario.devices.allSatisfy { !$0.sync.push && $0.sync.interval == .minutes(15) })
        #expect(scenario.timeline.count == 90)
        #expect(Dictionary(grouping: scenario.timeline, by: \.devices).values.allSatisfy { $0.count == 3 })
        #expect(scenario.timeline.map(\.at) == scenario.timeline.map(\.at).sorted())
        #expect(scenario.timeline.last?.at == .hours(24))
        let report = Simulation(scenario: scenario).run()
        #expect(report.passed, "\(report.failureReason)")
        #expect(report.counters.syncs > 30 * 90, "a refresh every 15 minutes on every device")
    }
}
