/// The readers the steps of one timeline share, built once for all of them instead of once a step.
private struct StepReaders {
    let kind = ValueReader<StepKind>.oneOf
    let time: ValueReader<SimDuration>
    let window = ValueReader<SimDuration>.duration(in: ScenarioBounds.positive)
    let device: ValueReader<String>
    let devices: ValueReader<[String]>
    let recordID = ValueReader<String>.recordID
    let recordType = ValueReader<String>.recordType
    let fields = ValueReader<Fields>.fields
    let fieldName = ValueReader<String>.fieldName
    let fieldNames = ValueReader<[String]>.stringList(.fieldName)
    let by = ValueReader<Double>.finiteNumber
    /// The time every step, and its window, must end before.
    let limit: SimDuration

    init(devices known: KnownNames, limit: SimDuration) {
        self.limit = limit
        time = ValueReader<SimDuration>.duration(in: ScenarioBounds.nonNegative)
            .checked("a time before \"limits.time\" (\(limit))") { $0 < limit }
        device = ValueReader<String>.reference(to: known, what: "a device in \"devices\"")
        devices = ValueReader.stringList(device).checked("at least one device") { !$0.isEmpty }
    }
}

extension ScenarioDecoder {
    /// `timeline`: at most 1,000,000 steps in file order, each (and its window) ending before `limits.time`, naming known
    /// devices, and records that exist (in `records`, or created by a step that runs earlier) by the time the step runs.
    mutating func timeline(_ node: DocumentNode, devices: KnownNames, records: KnownNames, limit: SimDuration) -> [TimelineStep] {
        guard let items = array(node, of: "steps", count: ScenarioBounds.steps) else { return [] }
        // The steps and their indices in the file are kept apart, so that the steps are returned as they are, not
        // copied out. A step's place in the file is found again from its index only to report an error there: kept
        // for every step of a large timeline, the places held more memory than the steps.
        var steps: [TimelineStep] = []
        var indices: [Int] = []
        steps.reserveCapacity(items.count)
        indices.reserveCapacity(items.count)
        let readers = StepReaders(devices: devices, limit: limit)
        for (index, item) in items.enumerated() {
            guard let object = anyObject(item), let step = step(object, readers: readers) else { continue }
            steps.append(step)
            indices.append(index)
        }
        checkRecordsExist(steps, at: indices, in: items, initially: records)
        return steps
    }

    private mutating func step(_ object: ObjectNode, readers: StepReaders) -> TimelineStep? {
        guard let kind = require(object, "do", as: readers.kind) else {
            checkKeys(object, known: StepKind.allKeys)
            return nil
        }
        checkKeys(object, known: StepKind.keys[kind]!)
        let at = require(object, "at", as: readers.time)
        let stepDevices = self.stepDevices(object, kind: kind, readers: readers)
        let action = self.action(object, kind: kind, readers: readers)
        guard let at, let stepDevices, let action else { return nil }
        if let window = action.window, at + window >= readers.limit, let node = object["for"] {
            mismatch(node, expected: "a window that ends before \"limits.time\" (\(readers.limit))", hint: " (from \(at), ending at \(at + window))")
            return nil
        }
        return TimelineStep(at: at, devices: stepDevices, action: action)
    }

    /// The devices a step names: none for a server step, `device`, or for a partition `device` or `devices`.
    private mutating func stepDevices(_ object: ObjectNode, kind: StepKind, readers: StepReaders) -> [String]? {
        if kind.isServerStep { return [] }
        guard kind == .partition, let list = object["devices"] else {
            return require(object, "device", as: readers.device).map { [$0] }
        }
        if object["device"] != nil {
            report("expected \"device\" or \"devices\", found both", at: list.path)
            return nil
        }
        return read(list, as: readers.devices)
    }

    /// The step's action from its own keys.
    private mutating func action(_ object: ObjectNode, kind: StepKind, readers: StepReaders) -> StepAction? {
        switch kind {
        case .create:
            let record = require(object, "record", as: readers.recordID)
            let type = require(object, "type", as: readers.recordType)
            let fields = optional(object, "fields", as: readers.fields, default: [:])
            guard let record, let type, let fields else { return nil }
            return .create(record: record, type: type, fields: fields)
        case .edit:
            let record = require(object, "record", as: readers.recordID)
            let set = object["unset"] == nil
                ? require(object, "set", as: readers.fields)
                : optional(object, "set", as: readers.fields, default: [:])
            let unset = optional(object, "unset", as: readers.fieldNames, default: [])
            guard let record, let set, let unset else { return nil }
            return .edit(record: record, set: set, unset: unset)
        case .delete:
            return require(object, "record", as: readers.recordID).map { .delete(record: $0) }
        case .increment:
            let record = require(object, "record", as: readers.recordID)
            let field = require(object, "field", as: readers.fieldName)
            let by = optional(object, "by", as: readers.by, default: 1)
            guard let record, let field, let by else { return nil }
            return .increment(record: record, field: field, by: by)
        case .tunnel:
            let duration = require(object, "for", as: readers.window)
            let up = optional(object, "up", as: readers.window, default: .seconds(5))
            let down = optional(object, "down", as: readers.window, default: .seconds(20))
            guard let duration, let up, let down else { return nil }
            return .tunnel(duration: duration, up: up, down: down)
        case .partition:
            return require(object, "for", as: readers.window).map { .partition(duration: $0) }
        case .rateLimit:
            let duration = require(object, "for", as: readers.window)
            let retryAfter = require(object, "retryAfter", as: readers.window)
            guard let duration, let retryAfter else { return nil }
            return .rateLimit(duration: duration, retryAfter: retryAfter)
        case .outage:
            let duration = require(object, "for", as: readers.window)
            let retryAfter = object["retryAfter"].map { read($0, as: readers.window) }
            guard let duration, retryAfter != .some(nil) else { return nil }
            return .outage(duration: duration, retryAfter: retryAfter ?? nil)
        case .zoneBusy:
            return require(object, "for", as: readers.window).map { .zoneBusy(duration: $0) }
        case .offline: return .offline
        case .online: return .online
        case .kill: return .kill
        case .launch: return .launch
        case .foreground: return .foreground
        case .background: return .background
        case .sync: return .sync
        case .loseToken: return .loseToken
        case .reset: return .reset
        case .purgeTombstones: return .purgeTombstones
        }
    }

    /// Walks the steps in run order, (at, file order), reporting each that names a record not yet in existence.
    /// `indices` holds each step's index among `items`, the timeline's nodes.
    private mutating func checkRecordsExist(_ steps: [TimelineStep], at indices: [Int], in items: [DocumentNode],
                                            initially records: KnownNames) {
        var known = records
        let order = steps.indices.sorted { (steps[$0].at, indices[$0]) < (steps[$1].at, indices[$1]) }
        for position in order {
            guard let record = steps[position].action.recordID else { continue }
            if case .create = steps[position].action {
                known.insert(record)
            } else if !known.contains(record), let path = anyObject(items[indices[position]])?["record"]?.path {
                let message = "expected a record in \"records\" or created by an earlier step, found \(JSONValue.quoted(record))"
                report(message, at: path)
            }
        }
    }
}

extension StepAction {
    /// The record a user step acts on.
    var recordID: String? {
        switch self {
        case let .create(record, _, _), let .edit(record, _, _), let .delete(record), let .increment(record, _, _):
            return record
        default:
            return nil
        }
    }
}
