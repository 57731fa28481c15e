/// What the checks read besides the History: the server's records and each device's records and outbox at the end.
struct EndState {
    /// One device's end: its live records (local tombstones excluded) and how many changes wait in its outbox.
    struct DeviceEnd {
        var id: String
        var live: [RecordID: LocalRecord]
        var outbox: Int
    }
    let server: [RecordID: RecordVersion]
    var devices: [DeviceEnd]

    /// The server's live version of a record, if it has one.
    func liveOnServer(_ record: RecordID) -> RecordVersion? {
        server[record].flatMap { $0.deleted ? nil : $0 }
    }

    /// The records on which a device's listing differs from the server's, in id order: one shows a record live that
    /// the other does not, or shows it with another type or other fields. Both listings are in id order, as the
    /// report lists them, and are walked side by side.
    static func differences(of records: [RecordState], from server: [RecordState]) -> [String] {
        var differing: [String] = []
        var mine = 0, theirs = 0
        while mine < records.count || theirs < server.count {
            if mine < records.count, theirs < server.count, records[mine].id == server[theirs].id {
                if !same(records[mine], server[theirs]) { differing.append(records[mine].id) }
                mine += 1
                theirs += 1
            } else if theirs == server.count || mine < records.count && records[mine].id < server[theirs].id {
                if !records[mine].deleted { differing.append(records[mine].id) }
                mine += 1
            } else {
                if !server[theirs].deleted { differing.append(server[theirs].id) }
                theirs += 1
            }
        }
        return differing
    }

    /// Whether two listings show a record alike: deleted in both, or live in both with the same type and fields.
    /// The very same fields (most often the server's own, shared) are alike without a field-by-field look.
    private static func same(_ mine: RecordState, _ theirs: RecordState) -> Bool {
        if haveSameBits(mine.fields, theirs.fields) && mine.type == theirs.type { return true }
        switch (mine.fields, theirs.fields) {
        case (nil, nil): return true
        case let (mineFields?, theirFields?): return mine.type == theirs.type && same(mineFields, theirFields)
        default: return false
        }
    }

    /// Field-by-field equality, arrays of strings as sets.
    static func same(_ a: Fields, _ b: Fields) -> Bool {
        a == b || a.count == b.count && a.allSatisfy { name, value in
            b[name].map { $0 == value || value.sameValue(as: $0) } ?? false
        }
    }
}
