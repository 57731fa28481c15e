/// Renders a report as JSON for tools, with the Markdown page's content in a fixed key order.
public struct JSONReportWriter: ReportWriter {
    /// `json`.
    public let fileExtension = "json"

    /// The JSON report writer.
    public init() {}

    /// The report as pretty-printed JSON with a final newline.
    public func render(_ report: Report) -> String {
        json(report).rendered()
    }

    /// The report as a JSON value; dictionaries appear sorted by key.
    package func json(_ report: Report) -> JSONValue {
        let notes: [(String, JSONValue)] = report.notes.isEmpty ? [] : [("notes", .array(report.notes.map(JSONValue.string)))]
        return .object([
            ("scenario", .string(report.scenario)),
            ("description", .string(report.description)),
            ("suitePath", .string(report.suitePath)),
            ("result", .string(report.result.rawValue)),
            ("seed", .int(report.seed)),
            ("strategy", .string(report.strategy)),
            ("settleStartedAt", .string(report.settleStartedAt.description)),
            ("quietAt", report.quietAt.map { .string($0.description) } ?? .null),
            ("endedAt", .string(report.endedAt.description)),
            ("expectations", .array(report.expectations.map(expectation))),
            ("anomalies", .array(report.anomalies.map(anomaly))),
            ("conflicts", .array(report.conflicts.map(conflict))),
            ("conflictsShown", .array(report.conflictsShown.map(shownConflict))),
            ("server", .array(report.server.map(record))),
            ("devices", .array(report.devices.map(device))),
            ("counters", counters(report.counters)),
            ("syncStates", .array(report.syncStates.map(syncState))),
            ("load", load(report.load)),
            ("timeToConverge", report.timeToConverge.map(spread) ?? .null),
            ("repro", .string(report.repro)),
        ] + notes)
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

    private func record(_ record: RecordState) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(record.id)), ("type", .string(record.type))]
        if let syncState = record.syncState { members.append(("syncState", .string(syncState))) }
        members.append(("deleted", .bool(record.deleted)))
        members.append(("fields", record.deleted ? .null : .object(record.sortedFields.map { ($0.name, $0.value.json) })))
        return .object(members)
    }

    private func device(_ device: DeviceState) -> JSONValue {
        .object([
            ("id", .string(device.id)),
            ("matchesServer", .bool(device.matchesServer)),
            ("outbox", .int(device.outbox)),
            ("convergedAt", device.convergedAt.map { .string($0.description) } ?? .null),
            ("clock", .object([("skew", .string(device.clock.skew.description)),
                               ("driftPPM", .double(device.clock.driftPPM))])),
            ("records", .array(device.records.map(record))),
        ])
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
