/// What the checks read besides the History: the server's records and each device's records and outbox at the end.
struct EndState {
    /// One device's end: its live records (local tombstones excluded) and how many changes wait in its outbox.
    struct DeviceEnd {
        var id: String
        var live: [String: LocalRecord]
        var outbox: Int
    }
    var server: [String: RecordVersion]
    var devices: [DeviceEnd]

    /// The server's live version of a record, if it has one.
    func liveOnServer(_ record: String) -> RecordVersion? {
        server[record].flatMap { $0.deleted ? nil : $0 }
    }

    /// The records on which a device differs from the server, in id order.
    func differences(of device: DeviceEnd) -> [String] {
        let ids = Set(device.live.keys).union(server.filter { !$0.value.deleted }.keys)
        return ids.sorted().filter { id in
            let mine = device.live[id]
            let theirs = liveOnServer(id)
            guard let mine, let theirs else { return true }
            return mine.type != theirs.type || !EndState.same(mine.fields, theirs.fields)
        }
    }

    /// Field-by-field equality, arrays of strings as sets.
    static func same(_ a: Fields, _ b: Fields) -> Bool {
        a.count == b.count && a.allSatisfy { name, value in b[name].map(value.sameValue) ?? false }
    }
}
