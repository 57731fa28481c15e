import SyncSimulator

/// One of the bench's scale cases: a large run measured on its own, in a process of its own when it can be.
enum ScaleCase: Equatable {
    /// The busy load stopped at this many events.
    case busy(events: Int)
    /// 10 devices over 100,000 records, with the run's Markdown and JSON reports written.
    case records
    /// 10,000 devices sharing 100 records, without pushes.
    case devices

    /// The families `--scale-cases` names.
    enum Kind: String, CaseIterable {
        case busy, records, devices
    }

    /// The row's name in the table.
    var name: String {
        switch self {
        case let .busy(events): return "busy run, \(events) events"
        case .records: return "10 devices × 100000 records"
        case .devices: return "10000 devices × 100 records"
        }
    }

    /// How the case is named to a worker process: `busy-10000`, `records`, `devices`.
    var token: String {
        switch self {
        case let .busy(events): return "busy-\(events)"
        case .records: return Kind.records.rawValue
        case .devices: return Kind.devices.rawValue
        }
    }

    /// The case a worker was given, or nil for an unknown token or a busy run out of `BenchSettings.scaleBounds`.
    init?(token: String) {
        if token.hasPrefix("busy-") {
            guard let events = Int(token.dropFirst(5)), BenchSettings.scaleBounds.contains(events) else { return nil }
            self = .busy(events: events)
        } else {
            switch Kind(rawValue: token) {
            case .records: self = .records
            case .devices: self = .devices
            case .busy, nil: return nil
            }
        }
    }

    var scenario: Scenario {
        switch self {
        case let .busy(events): return .busyLoad(events: events)
        case .records: return .manyRecordsLoad(records: 100_000)
        case .devices: return .manyDevicesLoad(devices: 10_000)
        }
    }

    /// The formats whose reports are written and timed with the run, as `syncsim run --format` would write them.
    var reportFormats: [ReportFormat] {
        self == .records ? [.md, .json] : []
    }
}
