extension Report {
    /// How many records an end-state table lists before it lists only the notable ones (the JSON lists every one).
    static let endStateListed = 200

    /// The records worth listing when a store is too large to list whole: those an anomaly names, and those some
    /// device shows otherwise than the server.
    var notableRecords: Set<String> {
        var notable = Set(anomalies.compactMap(\.record))
        var serverByID: [String: RecordState]?
        for device in devices {
            for (offset, record) in device.records.enumerated() {
                // Stores list their records in id order, so the server's record is most often at the same place.
                let server: RecordState?
                if offset < self.server.count, self.server[offset].id == record.id {
                    // The very same fields (most often the server's own, shared) show alike.
                    if haveSameBits(self.server[offset].fields, record.fields) { continue }
                    server = self.server[offset]
                } else {
                    if serverByID == nil { serverByID = Dictionary(self.server.map { ($0.id, $0) }) { first, _ in first } }
                    server = serverByID![record.id]
                }
                if !record.isShownAlike(server) { notable.insert(record.id) }
            }
        }
        return notable
    }

    /// The records of a table to list, and a sentence for those left out (nil when all are listed).
    func listing(_ records: [RecordState], notable: Set<String>) -> ([RecordState], String?) {
        guard records.count > Report.endStateListed else { return (records, nil) }
        let listed = notable.isEmpty ? [] : records.filter { notable.contains($0.id) }
        return (listed, Report.leftOut(records.count, listed: listed.count))
    }

    /// The sentence for a table that lists `listed` of `all` records.
    static func leftOut(_ all: Int, listed: Int) -> String {
        guard listed > 0 else {
            return "\(all) records, none named by an anomaly or shown by a device otherwise than by the server; the JSON report lists every one."
        }
        return "\(all) records: the \(listed) that an anomaly names or a device shows otherwise than the server are listed; the JSON report lists every one."
    }
}
