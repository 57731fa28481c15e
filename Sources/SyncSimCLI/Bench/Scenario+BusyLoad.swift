import SyncSimulator

extension Scenario {
    /// A busy run for measuring the cost per event as runs grow: 10 devices edit and increment 100 records, one
    /// action every 100 ms for as long as `events` needs, and the run stops at `limits.events = events`.
    static func busyLoad(events: Int) -> Scenario {
        let devices = (1...10).map { DeviceConfig(id: "d\($0)") }
        var scenario = Scenario(name: "busy-\(events)-events", devices: devices)
        scenario.description = "10 devices edit and increment 100 records, one action every 100 ms, until the event "
            + "budget of \(events) stops the run: it ends budget-exhausted by design, a measure of the cost per event."
        scenario.records = (1...100).map { RecordSpec(id: "r\($0)", type: "Item", fields: ["plays": .number(0)]) }
        scenario.timeline = (0..<busyActions(events: events)).map { index in
            let device = "d\(index % 10 + 1)", record = "r\(index * 7 % 100 + 1)"
            let action: StepAction = index % 3 == 0
                ? .edit(record: record, set: ["title": .string("t\(index % 13)")], unset: [])
                : .increment(record: record, field: "plays", by: 1)
            return TimelineStep(at: .millis(Int64(100 * (index + 1))), devices: [device], action: action)
        }
        scenario.limits.events = events
        return scenario
    }

    /// The actions `busyLoad` generates: twice what the run is measured to use before it reaches `events`.
    ///
    /// Each device acts once a second, sooner than its 2 s `afterEdit`, so no device syncs on its own edits: until
    /// the first refresh at 15 minutes (9,000 actions) an action costs about 2 events. From then on every commit
    /// pushes to the other nine devices and their fetches keep each other busy: about 35 events per action. Measured
    /// in release: 5,000 actions used at 10^4 events, 11,374 at 10^5, 36,911 at 10^6. A run that still goes quiet
    /// short of its budget is reported as such, not measured.
    static func busyActions(events: Int) -> Int {
        let quietPhaseEvents = 18_000
        return events <= quietPhaseEvents ? events : quietPhaseEvents + (events - quietPhaseEvents) / 17
    }
}
