/// Renders a report as JSON for tools, with the Markdown page's content in a fixed key order.
public struct JSONReportWriter: ReportWriter, BufferedReportWriter {
    /// `json`.
    public let fileExtension = "json"

    /// The JSON report writer.
    public init() {}

    /// The report as pretty-printed JSON with a final newline.
    public func render(_ report: Report) -> String {
        renderedInBuffer(report)
    }

    /// The report's JSON streamed into the buffer, records and all; dictionaries appear sorted by key.
    func write(_ report: Report, into buffer: inout TextBuffer) {
        var json = JSONTextWriter(pretty: true, buffer: buffer)
        json.openObject()
        json.member("scenario", .string(report.scenario))
        json.member("description", .string(report.description))
        json.member("suitePath", .string(report.suitePath))
        json.member("result", .string(report.result.rawValue))
        json.member("seed", .int(report.seed))
        json.member("strategy", .string(report.strategy))
        json.member("settleStartedAt", .string(report.settleStartedAt.description))
        json.member("quietAt", report.quietAt.map { .string($0.description) } ?? .null)
        json.member("endedAt", .string(report.endedAt.description))
        json.member("expectations", .array(report.expectations.map(expectation)))
        json.member("anomalies", .array(report.anomalies.map(anomaly)))
        json.member("conflicts", .array(report.conflicts.map(conflict)))
        json.member("conflictsShown", .array(report.conflictsShown.map(shownConflict)))
        json.key("server")
        var cache = RecordTextCache()
        records(report.server, to: &json, cache: &cache)
        json.key("devices")
        json.openArray()
        for state in report.devices { device(state, to: &json, cache: &cache) }
        json.closeArray()
        json.member("counters", counters(report.counters))
        json.member("syncStates", .array(report.syncStates.map(syncState)))
        json.member("load", load(report.load))
        json.member("timeToConverge", report.timeToConverge.map(spread) ?? .null)
        json.member("repro", .string(report.repro))
        if !report.notes.isEmpty { json.member("notes", .array(report.notes.map(JSONValue.string))) }
        json.closeObject()
        json.buffer.append(byte: UInt8(ascii: "\n"))
        buffer = json.buffer
    }

    private func expectation(_ result: ExpectationResult) -> JSONValue {
        .object([
            ("key", .string(result.key)),
            ("expected", .string(result.expected)),
            ("actual", .string(result.actual)),
            ("held", .bool(result.held)),
        ])
    }

    private func anomaly(_ anomaly: Anomaly) -> JSONValue {
        .object([
            ("kind", .string(anomaly.kind.rawValue)),
            ("record", anomaly.record.map(JSONValue.string) ?? .null),
            ("devices", .array(anomaly.devices.map(JSONValue.string))),
            ("times", .array(anomaly.times.map { .string($0.description) })),
            ("sentence", .string(anomaly.sentence)),
            ("cause", anomaly.cause.map { .string($0.rawValue) } ?? .null),
        ])
    }

    private func conflict(_ conflict: ConflictDecision) -> JSONValue {
        .object([
            ("time", .string(conflict.time.description)),
            ("device", .string(conflict.device)),
            ("record", .string(conflict.record)),
            ("clock", conflict.clock.map { .string($0.rawValue) } ?? .null),
            ("local", conflict.local.map(stamp) ?? .null),
            ("server", conflict.server.map(stamp) ?? .null),
            ("resolution", .string(conflict.resolution)),
            ("skewed", .bool(conflict.skewed)),
            ("decidedAt", conflict.decidedAt.map { .string($0.description) } ?? .null),
            ("decision", conflict.decision.map { .string($0.rawValue) } ?? .null),
        ])
    }

    private func stamp(_ stamp: ConflictStamp) -> JSONValue {
        .object([
            ("timestamp", .string(stamp.timestamp.description)),
            ("takenAt", .string(stamp.takenAt.description)),
            ("deleted", .bool(stamp.deleted)),
        ])
    }

    private func shownConflict(_ shown: ShownConflict) -> JSONValue {
        .object([
            ("record", .string(shown.record)),
            ("device", .string(shown.device)),
            ("shownAt", .string(shown.shownAt.description)),
            ("decidedAt", shown.decidedAt.map { .string($0.description) } ?? .null),
            ("decision", shown.decision.map { .string($0.rawValue) } ?? .null),
        ])
    }

    /// A listing of records, one a line, each written through the cache of the listings before it.
    private func records(_ records: [RecordState], to json: inout JSONTextWriter, cache: inout RecordTextCache) {
        json.openArray()
        json.rawItems(count: records.count) { buffer, depth in cache.append(records, depth: depth, to: &buffer) }
        json.closeArray()
    }

    private func device(_ device: DeviceState, to json: inout JSONTextWriter, cache: inout RecordTextCache) {
        json.openObject()
        json.member("id", .string(device.id))
        json.member("matchesServer", .bool(device.matchesServer))
        json.member("outbox", .int(device.outbox))
        json.member("convergedAt", device.convergedAt.map { .string($0.description) } ?? .null)
        json.member("clock", .object([("skew", .string(device.clock.skew.description)),
                                      ("driftPPM", .double(device.clock.driftPPM))]))
        json.key("records")
        records(device.records, to: &json, cache: &cache)
        json.closeObject()
    }

    private func load(_ load: ServerLoad) -> JSONValue {
        let minute = { (minute: ServerLoad.Minute) -> JSONValue in
            .object([("minute", .int(minute.minute)), ("requests", .int(minute.requests)),
                     ("rejected", .int(minute.rejected))])
        }
        return .object([
            ("requests", .int(load.requests)),
            ("rejected", .int(load.rejected)),
            ("peak", load.peak.map(minute) ?? .null),
            ("perMinute", .array(load.minutes.map(minute))),
        ])
    }

    private func syncState(_ tally: SyncStateTally) -> JSONValue {
        .object([
            ("state", .string(tally.state.rawValue)),
            ("entered", .int(tally.entered)),
            ("total", .string(tally.total.description)),
            ("longest", .string(tally.longest.description)),
        ])
    }

    private func spread(_ spread: Spread) -> JSONValue {
        .object([
            ("devices", .int(spread.count)),
            ("median", .string(spread.median.description)),
            ("p99", .string(spread.p99.description)),
            ("max", .string(spread.max.description)),
        ])
    }

    private func counters(_ counters: Counters) -> JSONValue {
        let errors = JSONValue.object(counters.sortedErrors.map { ($0.name, .int($0.count)) })
        return .object(counters.listed.map { ($0.name, JSONValue.int($0.value)) } + [("errors", errors)])
    }
}
