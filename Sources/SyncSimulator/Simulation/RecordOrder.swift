/// The server's record ids in order, sorted once per report, so that each device's store is put in id order by
/// walking it rather than by sorting it again: a device mostly holds the server's records.
struct RecordOrder {
    private let server: [RecordID: RecordVersion]
    /// The server's ids, in order.
    let ids: [RecordID]

    init(server: [RecordID: RecordVersion]) {
        self.server = server
        ids = server.keys.sorted()
    }

    /// `records` in id order: those the server has, in the server's order, merged with the others, sorted apart.
    /// A store much smaller than the server's is sorted on its own, which costs less than walking every id.
    func sorted<Value>(_ records: [RecordID: Value]) -> [(key: RecordID, value: Value)] {
        if records.count * 16 < ids.count { return records.sorted { $0.key < $1.key } }
        var listed: [(key: RecordID, value: Value)] = []
        listed.reserveCapacity(records.count)
        for id in ids {
            // The store's own entry: its id may be spelled in other bytes than the server's, equal as a string.
            if let index = records.index(forKey: id) { listed.append(records[index]) }
        }
        guard listed.count < records.count else { return listed }
        let others = records.filter { server[$0.key] == nil }.sorted { $0.key < $1.key }
        var merged: [(key: RecordID, value: Value)] = []
        merged.reserveCapacity(records.count)
        var (next, other) = (0, 0)
        while next < listed.count && other < others.count {
            if others[other].key < listed[next].key {
                merged.append(others[other])
                other += 1
            } else {
                merged.append(listed[next])
                next += 1
            }
        }
        return merged + listed[next...] + others[other...]
    }
}
