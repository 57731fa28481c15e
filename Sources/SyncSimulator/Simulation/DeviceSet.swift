/// A set of device indices kept as one stamp per device, with its size: joining, leaving and emptying it hash nothing,
/// and emptying it costs the same whatever the number of devices.
struct DeviceSet {
    /// A device is a member when its stamp is the current round.
    private var stamps: [UInt32]
    private var round: UInt32 = 1
    private(set) var count = 0

    /// An empty set for devices 0..<devices.
    init(devices: Int) {
        stamps = Array(repeating: 0, count: devices)
    }

    mutating func insert(_ index: Int) {
        guard stamps[index] != round else { return }
        stamps[index] = round
        count += 1
    }

    mutating func remove(_ index: Int) {
        guard stamps[index] == round else { return }
        stamps[index] = 0
        count -= 1
    }

    mutating func removeAll() {
        count = 0
        guard round < .max else {
            stamps = Array(repeating: 0, count: stamps.count)
            round = 1
            return
        }
        round += 1
    }
}
