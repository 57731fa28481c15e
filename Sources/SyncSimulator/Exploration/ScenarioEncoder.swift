/// Writes a `Scenario` back as a scenario file, leaving out every value that equals its default.
public enum ScenarioEncoder {
    /// The scenario as pretty-printed JSON text that `ScenarioLoader` reads back to an equal scenario, except that a
    /// count open on both sides, which a file cannot write, reads back as at least 0.
    public static func text(of scenario: Scenario) -> String {
        json(scenario).rendered()
    }

    /// The scenario as a JSON document.
    package static func json(_ scenario: Scenario) -> JSONValue {
        var top = Members()
        top.add("name", .string(scenario.name))
        top.add("description", .string(scenario.description), unless: .string(""))
        top.add("seed", .int(scenario.seed))
        top.add("strategy", strategy(scenario.strategy))
        top.add("server", .object(server(scenario.server).list), unless: .object([]))
        top.add("network", .object(network(scenario.network, over: NetworkConfig()).list), unless: .object([]))
        top.add("devices", .array(scenario.devices.map { device($0, network: scenario.network) }))
        top.add("records", .array(scenario.records.map(record)), unless: .array([]))
        top.add("timeline", .array(scenario.timeline.map(step)), unless: .array([]))
        top.add("expect", .object(expect(scenario.expect).list), unless: .object([]))
        top.add("limits", .object(limits(scenario.limits).list), unless: .object([]))
        return .object(top.list)
    }

    /// Object members in order, skipping values equal to a default.
    private struct Members {
        var list: [(key: String, value: JSONValue)] = []

        mutating func add(_ key: String, _ value: JSONValue) { list.append((key, value)) }

        mutating func add(_ key: String, _ value: JSONValue, unless skipped: JSONValue) {
            if value != skipped { add(key, value) }
        }

        mutating func add<T: Equatable>(_ key: String, _ value: T, default fallback: T, as encode: (T) -> JSONValue) {
            if value != fallback { add(key, encode(value)) }
        }
    }

    private static func duration(_ value: SimDuration) -> JSONValue { .string(value.description) }

    private static func strategy(_ spec: StrategySpec) -> JSONValue {
        switch spec {
        case .lww(.device), .serverWins, .clientWins, .fieldMerge(rules: [:]):
            return .string(spec.name)
        case let .lww(clock):
            return .object([("name", .string(spec.name)), ("clock", .string(clock.rawValue))])
        case let .fieldMerge(rules):
            let fields = rules.keys.sorted().map { (key: $0, value: JSONValue.string(rules[$0]!.rawValue)) }
            return .object([("name", .string(spec.name)), ("fields", .object(fields))])
        case let .userChoice(choice, decideAfter):
            return .object([("name", .string(spec.name)), ("choice", .string(choice.rawValue)),
                            ("decideAfter", duration(decideAfter))])
        }
    }

    private static func server(_ server: ServerConfig) -> Members {
        let base = ServerConfig()
        var members = Members()
        members.add("tombstoneRetention", server.tombstoneRetention, default: base.tombstoneRetention, as: duration)
        members.add("changeTokenLifetime", server.changeTokenLifetime, default: base.changeTokenLifetime, as: duration)
        members.add("batchLimit", server.batchLimit, default: base.batchLimit, as: JSONValue.int)
        members.add("atomicBatches", server.atomicBatches, default: base.atomicBatches, as: JSONValue.bool)
        members.add("fetchPageSize", server.fetchPageSize, default: base.fetchPageSize, as: JSONValue.int)
        if let limit = server.rateLimit {
            members.add("rateLimit", .object([("requests", .int(limit.requests)), ("per", duration(limit.per)),
                                              ("retryAfter", duration(limit.retryAfter))]))
        }
        members.add("savesOverDeleted", server.savesOverDeleted, default: base.savesOverDeleted) { .string($0.rawValue) }
        members.add("processing", server.processing, default: base.processing, as: duration)
        return members
    }

    private static func network(_ network: NetworkConfig, over base: NetworkConfig) -> Members {
        var members = Members()
        if network.latencyMin != base.latencyMin || network.latencyMax != base.latencyMax {
            members.add("latency", network.latencyMin == network.latencyMax
                ? duration(network.latencyMin)
                : .object([("min", duration(network.latencyMin)), ("max", duration(network.latencyMax))]))
        }
        members.add("requestLoss", network.requestLoss, default: base.requestLoss, as: JSONValue.double)
        members.add("responseLoss", network.responseLoss, default: base.responseLoss, as: JSONValue.double)
        members.add("duplicate", network.duplicate, default: base.duplicate, as: JSONValue.double)
        members.add("timeout", network.timeout, default: base.timeout, as: duration)
        return members
    }

    private static func device(_ device: DeviceConfig, network: NetworkConfig) -> JSONValue {
        let base = DeviceConfig(id: device.id)
        var members = Members()
        members.add("id", .string(device.id))
        members.add("online", device.online, default: base.online, as: JSONValue.bool)
        var clock = Members()
        clock.add("skew", device.clock.skew, default: base.clock.skew, as: duration)
        clock.add("drift", device.clock.driftPPM, default: base.clock.driftPPM) { .string(FieldValue.format($0) + "ppm") }
        members.add("clock", .object(clock.list), unless: .object([]))
        members.add("network", .object(self.network(device.network, over: network).list), unless: .object([]))
        var sync = Members()
        sync.add("interval", device.sync.interval, default: base.sync.interval, as: duration)
        sync.add("afterEdit", device.sync.afterEdit, default: base.sync.afterEdit, as: duration)
        sync.add("onForeground", device.sync.onForeground, default: base.sync.onForeground, as: JSONValue.bool)
        sync.add("push", device.sync.push, default: base.sync.push, as: JSONValue.bool)
        members.add("sync", .object(sync.list), unless: .object([]))
        members.add("client", .object(client(device.client).list), unless: .object([]))
        if let choice = device.choice { members.add("choice", .string(choice.rawValue)) }
        return .object(members.list)
    }

    private static func client(_ client: ClientConfig) -> Members {
        let base = ClientConfig()
        var members = Members()
        members.add("deletes", client.deletes, default: base.deletes) { .string($0.rawValue) }
        members.add("idempotencyKeys", client.idempotencyKeys, default: base.idempotencyKeys, as: JSONValue.bool)
        members.add("clearDirty", client.clearDirty, default: base.clearDirty) { .string($0.rawValue) }
        members.add("onRateLimit", client.onRateLimit, default: base.onRateLimit) { .string($0.rawValue) }
        members.add("onTokenExpired", client.onTokenExpired, default: base.onTokenExpired) { .string($0.rawValue) }
        members.add("reconcileOnRefetch", client.reconcileOnRefetch, default: base.reconcileOnRefetch, as: JSONValue.bool)
        members.add("onUnknownItem", client.onUnknownItem, default: base.onUnknownItem) { .string($0.rawValue) }
        if client.retryBase != base.retryBase || client.retryMax != base.retryMax {
            members.add("retry", .object([("base", duration(client.retryBase)), ("max", duration(client.retryMax))]))
        }
        return members
    }

    private static func fields(_ fields: Fields) -> JSONValue {
        .object(fields.keys.sorted().map { (key: $0, value: fields[$0]!.json) })
    }

    private static func record(_ spec: RecordSpec) -> JSONValue {
        .object([("id", .string(spec.id)), ("type", .string(spec.type)), ("fields", fields(spec.fields))])
    }

    private static func step(_ step: TimelineStep) -> JSONValue {
        var members = Members()
        members.add("at", duration(step.at))
        if case .partition = step.action, step.devices.count > 1 {
            members.add("devices", .array(step.devices.map(JSONValue.string)))
        } else if let device = step.devices.first {
            members.add("device", .string(device))
        }
        members.add("do", .string(step.action.name))
        switch step.action {
        case let .create(record, type, values):
            members.add("record", .string(record))
            members.add("type", .string(type))
            members.add("fields", fields(values))
        case let .edit(record, set, unset):
            members.add("record", .string(record))
            members.add("set", fields(set))
            members.add("unset", .array(unset.map(JSONValue.string)), unless: .array([]))
        case let .delete(record):
            members.add("record", .string(record))
        case let .increment(record, field, by):
            members.add("record", .string(record))
            members.add("field", .string(field))
            members.add("by", by, default: 1, as: JSONValue.double)
        case let .tunnel(span, up, down):
            members.add("for", duration(span))
            members.add("up", duration(up))
            members.add("down", duration(down))
        case let .partition(span), let .zoneBusy(span):
            members.add("for", duration(span))
        case let .rateLimit(span, retryAfter):
            members.add("for", duration(span))
            members.add("retryAfter", duration(retryAfter))
        case let .outage(span, retryAfter):
            members.add("for", duration(span))
            if let retryAfter { members.add("retryAfter", duration(retryAfter)) }
        case .offline, .online, .kill, .launch, .foreground, .background, .sync, .loseToken, .reset, .purgeTombstones:
            break
        }
        return .object(members.list)
    }

    private static func expect(_ expect: Expectations) -> Members {
        let base = Expectations()
        var members = Members()
        members.add("converged", expect.converged, default: base.converged, as: JSONValue.bool)
        members.add("within", expect.within, default: base.within, as: duration)
        members.add("zombies", count(expect.zombies), unless: count(base.zombies))
        members.add("lostUpdates", count(expect.lostUpdates), unless: count(base.lostUpdates))
        if let pinned = expect.unexplainedLostUpdates { members.add("unexplainedLostUpdates", count(pinned)) }
        members.add("duplicates", count(expect.duplicates), unless: count(base.duplicates))
        members.add("stuck", count(expect.stuck), unless: count(base.stuck))
        if let pinned = expect.resurrectedByEdit { members.add("resurrectedByEdit", count(pinned)) }
        if let pinned = expect.editsDroppedByDelete { members.add("editsDroppedByDelete", count(pinned)) }
        let records = expect.records.keys.sorted().map { id in
            let expected = expect.records[id]!
            var record = Members()
            if let deleted = expected.deleted { record.add("deleted", .bool(deleted)) }
            if let values = expected.fields { record.add("fields", fields(values)) }
            return (key: id, value: JSONValue.object(record.list))
        }
        members.add("records", .object(records), unless: .object([]))
        return members
    }

    /// A count as a number or a range. A file's range has a bound, so one open on both sides is written as at least 0,
    /// which every count meets as well.
    private static func count(_ count: CountExpectation) -> JSONValue {
        if let low = count.atLeast, low == count.atMost { return .int(low) }
        if count.atLeast == nil && count.atMost == nil { return .object([("atLeast", .int(0))]) }
        var members = Members()
        if let low = count.atLeast { members.add("atLeast", .int(low)) }
        if let high = count.atMost { members.add("atMost", .int(high)) }
        return .object(members.list)
    }

    private static func limits(_ limits: Limits) -> Members {
        let base = Limits()
        var members = Members()
        members.add("time", limits.time, default: base.time, as: duration)
        members.add("events", limits.events, default: base.events, as: JSONValue.int)
        return members
    }
}
