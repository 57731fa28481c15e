import SyncSimulator

extension Scenario {
    /// A busy run for measuring the cost per event as runs grow: 10 devices edit and increment 100 records, one
    /// action every 100 ms for as long as `events` needs, and the run stops at `limits.events = events`.
    static func busyLoad(events: Int) -> Scenario {
        let devices = (1...10).map { DeviceConfig(id: "d\($0)") }
        var scenario = Scenario(name: "busy-\(events)-events", devices: devices)
        scenario.records = (1...100).map { RecordSpec(id: "r\($0)", type: "Item", fields: ["plays": .number(0)]) }
        // A device's changes are sent in batches, so an action costs only about 2.3 events: half as many actions as
        // events is enough for the run to reach its budget.
        let actions = max(100, events / 2)
        scenario.timeline = (0..<actions).map { index in
            let device = "d\(index % 10 + 1)", record = "r\(index * 7 % 100 + 1)"
            let action: StepAction = index % 3 == 0
                ? .edit(record: record, set: ["title": .string("t\(index % 13)")], unset: [])
                : .increment(record: record, field: "plays", by: 1)
            return TimelineStep(at: .millis(Int64(100 * (index + 1))), devices: [device], action: action)
        }
        scenario.limits.events = events
        return scenario
    }
}
