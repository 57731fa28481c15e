/// Turns one dispatched event into its trace line: true time, device time, kind, device, record, request, outcome.
extension World {
    func traceLine(_ event: Event) -> String {
        var members: [(key: String, value: JSONValue)] = [("time", .string(now.description))]
        func device(_ index: Int) {
            members.append(("deviceTime", .string(SimDuration(micros: devices[index].deviceClock).description)))
            members.append(("device", .string(devices[index].id.name)))
        }
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(value))) }
        }
        switch event {
        case let .step(index):
            let step = scenario.timeline[index]
            if let first = step.devices.first.flatMap(index(ofDevice:)) { device(first) }
            add("kind", "step")
            add("record", step.action.recordID)
            add("outcome", step.action.name)
        case .settle, .settleDeadline:
            add("kind", event.name)
        case .pushes:
            preconditionFailure("a fan-out of pushes is taken apart as it is popped")
        case let .refresh(index), let .push(index):
            device(index)
            add("kind", event.name)
            if case .push = event { add("outcome", links[index].isDown(at: now) ? "lost" : "delivered") }
        case let .timer(index, timer, generation):
            device(index)
            add("kind", "timer")
            add("outcome", "\(timer) #\(generation)")
        case let .atServer(index, request, payload), let .serverAnswers(index, request, payload):
            device(index)
            add("kind", event.name)
            add("record", payload.records)
            members.append(("request", .int(request)))
            add("outcome", payload.summary + (event.name == "atServer" && links[index].isDown(at: now) ? " (lost)" : ""))
        case let .atDevice(index, request, response):
            device(index)
            add("kind", event.name)
            members.append(("request", .int(request)))
            add("outcome", response.summary + (links[index].isDown(at: now) ? " (lost)" : ""))
        case let .timeout(index, request):
            device(index)
            add("kind", event.name)
            members.append(("request", .int(request)))
            add("outcome", devices[index].isWaiting(for: request) ? "given up" : "already answered")
        }
        return JSONValue.object(members).compact
    }
}

extension Event {
    /// The event's kind as a trace names it.
    var name: String {
        switch self {
        case .step: return "step"
        case .settle: return "settle"
        case .settleDeadline: return "settleDeadline"
        case .refresh: return "refresh"
        case .timer: return "timer"
        case .atServer: return "atServer"
        case .serverAnswers: return "serverAnswers"
        case .atDevice: return "atDevice"
        case .timeout: return "timeout"
        case .push, .pushes: return "push"
        }
    }
}

extension Request {
    /// The records a modify request names, comma-separated; nil for a fetch.
    var records: String? {
        guard case .modify = self else { return nil }
        return recordIDs.joined(separator: ",")
    }

    /// The records a modify request names, in order; none for a fetch.
    var recordIDs: [String] {
        guard case let .modify(items, _) = self else { return [] }
        return items.map(\.recordID.name)
    }

    /// `modify r1 save, r2 delete`, `fetch since 12`, `fetch all`, `fetch all after r4`.
    var summary: String {
        switch self {
        case let .modify(items, _): return "modify " + items.map { "\($0.recordID) \($0.operation.name)" }.joined(separator: ", ")
        case let .fetch(token): return token.map { "fetch since \($0.sequence)" } ?? "fetch all"
        case let .fetchListing(cursor): return "fetch all after \(cursor.after)"
        }
    }
}

extension ModifyItem.Operation {
    var name: String {
        switch self {
        case .save: return "save"
        case .delete: return "delete"
        case .increment: return "increment"
        }
    }
}

extension Response {
    /// What the answer said, e.g. `saved r1#4, serverRecordChanged r2#7`, `fetched 2 (more coming)`, `requestRateLimited`.
    var summary: String {
        switch self {
        case let .modified(results):
            return results.map(\.summary).joined(separator: ", ")
        case let .fetched(page):
            return "fetched " + page.versions.map { "\($0.id)#\($0.changeTag)\($0.deleted ? " deleted" : "")" }
                .joined(separator: ", ") + (page.next.moreComing ? " (more coming)" : "")
        case let .failed(code, retryAfter):
            return code.rawValue + (retryAfter.map { " retry after \($0)" } ?? "")
        }
    }
}

extension ItemResult {
    var summary: String {
        switch self {
        case let .saved(version): return "saved \(version.id)#\(version.changeTag)"
        case .alreadyDeleted: return "already deleted"
        case let .serverRecordChanged(server, _): return "serverRecordChanged \(server.id)#\(server.changeTag)"
        case .unknownItem: return "unknownItem"
        case .batchRequestFailed: return "batchRequestFailed"
        }
    }
}

extension FetchPage.Next {
    /// Whether another page follows.
    var moreComing: Bool {
        if case .done = self { return false }
        return true
    }
}
