/// What the checks read besides the History: the server's records and each device's records and outbox at the end.
struct EndState {
    /// One device's end: its live records (local tombstones excluded) and how many changes wait in its outbox.
    struct DeviceEnd {
        var id: String
        var live: [String: LocalRecord]
        var outbox: Int
    }
    let server: [String: RecordVersion]
    var devices: [DeviceEnd]
    /// The ids of the records live on the server, found once rather than once per device.
    private let liveServerIDs: [String]

    init(server: [String: RecordVersion], devices: [DeviceEnd]) {
        self.server = server
        self.devices = devices
        liveServerIDs = server.compactMap { id, version in version.deleted ? nil : id }
    }

    /// The server's live version of a record, if it has one.
    func liveOnServer(_ record: String) -> RecordVersion? {
        server[record].flatMap { $0.deleted ? nil : $0 }
    }

    /// The records on which a device differs from the server, in id order.
    func differences(of device: DeviceEnd) -> [String] {
        var differing: [String] = []
        for (id, mine) in device.live where !EndState.same(mine, liveOnServer(id)) {
            differing.append(id)
        }
        for id in liveServerIDs where device.live[id] == nil {
            differing.append(id)
        }
        return differing.sorted()
    }

    /// Whether a device's record shows the server's live version: the same type and fields.
    private static func same(_ mine: LocalRecord, _ theirs: RecordVersion?) -> Bool {
        guard let theirs else { return false }
        return mine.type == theirs.type && same(mine.fields, theirs.fields)
    }

    /// Field-by-field equality, arrays of strings as sets.
    static func same(_ a: Fields, _ b: Fields) -> Bool {
        a == b || a.count == b.count && a.allSatisfy { name, value in
            b[name].map { $0 == value || value.sameValue(as: $0) } ?? false
        }
    }
}
