import Foundation
import SyncSimulator

extension Scenario {
    /// The bundled `load/reconnect-1000-devices` scenario for any number of devices: each device adds a play to one
    /// song while offline, all reconnect at settle against a per-device rate limit, and every play must count once.
    static func reconnectLoad(devices count: Int) -> Scenario {
        var network = NetworkConfig()
        network.latencyMin = .millis(20)
        network.latencyMax = .millis(400)
        let devices = (0..<count).map { index in
            var device = DeviceConfig(id: String(format: "d%04d", index))
            device.online = false
            device.network = network
            return device
        }
        var scenario = Scenario(name: "reconnect-\(count)-devices", devices: devices)
        scenario.description = "\(count) devices each add a play to the same song while offline, then all reconnect at settle "
            + "against a server that rate-limits each device to 2 requests a minute."
        scenario.server.rateLimit = RateLimit(requests: 2, per: .minutes(1), retryAfter: .seconds(20))
        scenario.network = network
        scenario.records = [RecordSpec(id: "song1", type: "Song", fields: ["title": .string("Blue"), "playCount": .number(0)])]
        scenario.timeline = devices.map { device in
            TimelineStep(at: .minutes(1), devices: [device.id], action: .increment(record: "song1", field: "playCount", by: 1))
        }
        scenario.expect.records = ["song1": RecordExpectation(fields: ["playCount": .number(Double(count))])]
        return scenario
    }
}
