import SyncSimulator

extension Scenario {
    /// A large store: 10 devices hold `records` records (at least 3,000) and each edits 300 of them, one a second, no
    /// two edits the same record, then the run settles until quiet. What it costs is mostly the store's size: in the
    /// checks, and in the reports of every record on the server and on each device.
    static func manyRecordsLoad(records count: Int) -> Scenario {
        precondition(count >= 3_000, "the 3,000 edits need as many distinct records")
        let devices = (1...10).map { DeviceConfig(id: "d\($0)") }
        var scenario = Scenario(name: "records-\(count)", devices: devices)
        scenario.description = "10 devices holding \(count) records each edit 300 of them, one a second, then settle."
        scenario.records = (1...count).map { index in
            RecordSpec(id: "r\(index)", type: "Item",
                       fields: ["title": .string("Item \(index)"), "rating": .number(Double(index % 5)), "done": .bool(false)])
        }
        // Edit number second * 10 + device, spread over the whole store.
        let stride = count / 3_000
        scenario.timeline = (0..<300).flatMap { second in
            devices.indices.map { device in
                TimelineStep(at: .seconds(Int64(second + 1)), devices: [devices[device].id],
                             action: .edit(record: "r\((second * 10 + device) * stride + 1)",
                                           set: ["rating": .number(5), "done": .bool(true)], unset: []))
            }
        }
        return scenario
    }
}
