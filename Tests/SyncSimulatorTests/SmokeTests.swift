import Testing
@testable import SyncSimulator

@Test func twoDevicesEditOffline() {
    var scenario = Scenario(name: "smoke", devices: [DeviceConfig(id: "iPhone"), DeviceConfig(id: "iPad")])
    scenario.records = [RecordSpec(id: "fav1", type: "Favorite", fields: ["title": .string("Up"), "rating": .number(4)])]
    scenario.timeline = [
        TimelineStep(at: .minutes(1), devices: ["iPhone"], action: .offline),
        TimelineStep(at: .minutes(1), devices: ["iPad"], action: .offline),
        TimelineStep(at: .minutes(2), devices: ["iPhone"], action: .edit(record: "fav1", set: ["rating": .number(5)], unset: [])),
        TimelineStep(at: .minutes(3), devices: ["iPad"], action: .edit(record: "fav1", set: ["rating": .number(2)], unset: [])),
        TimelineStep(at: .minutes(10), devices: ["iPhone"], action: .online),
        TimelineStep(at: .minutes(11), devices: ["iPad"], action: .online),
    ]
    scenario.expect.lostUpdates = .exactly(0)
    let report = Simulation(scenario: scenario).run()
    print(report.expectations, report.anomalies, report.counters, report.quietAt as Any, report.server)
    #expect(report.passed)
}
