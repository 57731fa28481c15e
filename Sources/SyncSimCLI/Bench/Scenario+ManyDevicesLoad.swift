import Foundation
import SyncSimulator

extension Scenario {
    /// Many devices on a few records: `devices` devices without pushes (`sync.push: false`, a refresh every 15
    /// minutes) share 100 records and each writes 3 times over a day, the writes evenly spread; the run settles until
    /// quiet. Devices write the same records without having fetched each other's writes, so lost updates are allowed.
    static func manyDevicesLoad(devices count: Int) -> Scenario {
        let writesEach = 3
        let devices = (0..<count).map { index in
            var device = DeviceConfig(id: String(format: "d%04d", index))
            device.sync.push = false
            device.sync.interval = .minutes(15)
            return device
        }
        var scenario = Scenario(name: "devices-\(count)", devices: devices)
        scenario.description = "\(count) devices without pushes, refreshing every 15 minutes, share 100 records and each "
            + "writes 3 times over a day."
        scenario.records = (1...100).map { RecordSpec(id: "r\($0)", type: "Item", fields: ["value": .number(0)]) }
        // Every device writes once in each third of the day, device after device (2.88 s apart for 10,000 devices).
        let spacing = SimDuration.hours(24).micros / Int64(count * writesEach)
        scenario.timeline = (0..<count * writesEach).map { write in
            TimelineStep(at: SimDuration(micros: spacing * Int64(write + 1)), devices: [devices[write % count].id],
                         action: .edit(record: "r\(write * 7 % 100 + 1)", set: ["value": .number(Double(write))], unset: []))
        }
        scenario.expect.lostUpdates = CountExpectation(atLeast: 0, atMost: nil)
        return scenario
    }
}
