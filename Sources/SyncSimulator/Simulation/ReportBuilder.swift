/// Turns a finished world into a Report: end states, checks against `expect`, anomalies and counters.
struct ReportBuilder {
    let report: Report

    init(world: World) {
        world.server.purgeExpiredTombstones(at: world.now)
        let scenario = world.scenario
        let end = EndState(
            server: world.server.records.mapValues { version in
                // A version whose tallies are single tables already is kept as it is: setting its ledger would copy it.
                guard version.ledger.hasChanges else { return version }
                var flat = version
                flat.ledger = version.ledger.flattened
                return flat
            },
            devices: world.devices.map(\.end))
        let fates = ActionFates(history: world.history)
        let applied = AppliedActions(history: world.history)
        let concurrent = ConcurrentChanges(actions: applied, fates: fates, perField: world.strategy is FieldMerge)
        let conflicts = ConflictLog(history: world.history, strategy: world.strategy.name)
        let resurrections = Resurrections(history: world.history, actions: applied, fates: fates, concurrent: concurrent,
                                          conflicts: conflicts)
        let seeds = world.runsApps ? Dictionary(scenario.records.map { (RecordID($0.id), $0.fields) }) { first, _ in first } : nil
        let updates = LostUpdates(actions: applied, end: end, fates: fates, concurrent: concurrent,
                                  conflicts: conflicts, sumsOver: seeds)
        let stuck = end.devices.filter { $0.outbox > 0 }.map { device in
            Anomaly(kind: .stuck, record: nil, devices: [device.id], times: [],
                    sentence: "\(device.id) still has \(device.outbox) change\(device.outbox == 1 ? "" : "s") in its outbox.")
        }
        let order = RecordOrder(server: end.server)
        let serverStates = ReportBuilder.serverStates(end.server, in: order)
        // Each device's listing is made as if it matched the server, then compared with the server's; where it
        // differs, it neither matches nor has converged.
        var deviceStates = world.devices.map { device in
            var state = device.reportState(in: order)
            state.clock = device.config.clock
            return state
        }
        let differences = deviceStates.map { EndState.differences(of: $0.records, from: serverStates) }
        for index in deviceStates.indices where !differences[index].isEmpty {
            deviceStates[index].matchesServer = false
            deviceStates[index].convergedAt = nil
        }
        let divergent = end.devices.indices.filter { !differences[$0].isEmpty }
        let quiet = world.quietAt != nil
        let converged = quiet && divergent.isEmpty

        var expectations = [ReportBuilder.convergence(scenario.expect, world: world, divergent: divergent.map { end.devices[$0].id })]
        let counts: [(String, CountExpectation?, [Anomaly])] = [
            ("zombies", scenario.expect.zombies, resurrections.zombies),
            ("lostUpdates", scenario.expect.lostUpdates, updates.lost),
            ("unexplainedLostUpdates", scenario.expect.unexplainedLostUpdates, updates.lost.filter { $0.cause == nil }),
            ("duplicates", scenario.expect.duplicates, updates.duplicates),
            ("stuck", scenario.expect.stuck, stuck),
            ("resurrectedByEdit", scenario.expect.resurrectedByEdit, resurrections.byEdit),
            ("editsDroppedByDelete", scenario.expect.editsDroppedByDelete, updates.droppedByDelete),
        ]
        for (key, expected, found) in counts {
            let count = key == "zombies" || key == "resurrectedByEdit" ? Set(found.compactMap(\.record)).count : found.count
            if let expected {
                expectations.append(ExpectationResult(key: key, expected: expected.description, actual: "\(count)",
                                                      held: expected.holds(for: count)))
            } else if key == "unexplainedLostUpdates" {
                expectations.append(ExpectationResult(key: key, expected: "not checked", actual: "\(count)", held: true))
            }
        }
        expectations += ReportBuilder.records(scenario.expect.records, end: end)

        let divergences = divergent.flatMap { index in
            differences[index].prefix(ReportBuilder.divergencesShown).map { record in
                Anomaly(kind: .divergence, record: record, devices: [end.devices[index].id], times: [],
                        sentence: ReportBuilder.divergence(of: record, on: end.devices[index], end: end))
            }
        }
        let anomalies = resurrections.zombies + updates.lost + updates.duplicates + stuck
            + (converged ? [] : divergences) + resurrections.byEdit + updates.droppedByDelete
        let passed = expectations.allSatisfy(\.held)
        var report = Report(
            scenario: scenario.name, description: scenario.description, suitePath: "\(scenario.name).json",
            seed: scenario.seed, strategy: world.strategy.name,
            result: world.exhaustedLimit != nil ? .budgetExhausted : passed ? .passed : .failed,
            settleStartedAt: world.settleStartedAt, quietAt: world.quietAt, endedAt: world.now,
            expectations: expectations, server: serverStates,
            devices: deviceStates,
            anomalies: anomalies, conflicts: conflicts.decisions, conflictsShown: ReportBuilder.conflictsShown(world), counters: world.counters,
            load: world.load, syncStates: SyncStateStays.sum(world.devices.map { $0.syncStateTallies(endingAt: world.now) }),
            timeToConverge: Spread(deviceStates.compactMap { state in
                state.convergedAt.map { SimDuration(micros: max(0, ($0 - world.settleStartedAt).micros)) }
            }),
            repro: "swift run syncsim run \(scenario.name).json --seed \(scenario.seed)")
        report.notes = ReportBuilder.notes(world)
        self.report = report
    }

    /// What applies differently to devices that run a library user's app.
    private static func notes(_ world: World) -> [String] {
        let apps = world.devices.filter { $0 is AppDevice }
        guard !apps.isEmpty else { return [] }
        let ids = apps.map(\.id.name).joined(separator: ", ")
        var notes = ["\(ids) \(apps.count == 1 ? "runs" : "run") the app under test, which resolves its own conflicts: the strategy \(world.strategy.name) applies to the built-in devices only, and tells the checks which concurrent changes excuse a lost one."]
        for device in apps where device.config.client != ClientConfig() {
            notes.append("The client options of \(device.id) do not apply: it runs the app under test.")
        }
        return notes
    }

    /// How many differing records are listed per device that did not converge.
    private static let divergencesShown = 20

    private static func convergence(_ expect: Expectations, world: World, divergent: [String]) -> ExpectationResult {
        let actual: String
        if let quietAt = world.quietAt {
            actual = divergent.isEmpty
                ? "converged, quiet at \(quietAt)"
                : "quiet at \(quietAt) but \(divergent.prefix(5).joined(separator: ", "))\(divergent.count > 5 ? " and \(divergent.count - 5) more" : "") differ\(divergent.count == 1 ? "s" : "") from the server"
        } else {
            actual = world.exhaustedLimit?.sentence ?? "not quiet within \(expect.within)"
        }
        let converged = world.quietAt != nil && divergent.isEmpty
        let expected = expect.converged ? "converged within \(expect.within)" : "not converged"
        return ExpectationResult(key: "converged", expected: expected, actual: actual, held: converged == expect.converged)
    }

    private static func records(_ expected: [String: RecordExpectation], end: EndState) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        for id in expected.keys.sorted() {
            let expectation = expected[id]!
            let record = RecordID(id)
            let server = end.liveOnServer(record)
            if let deleted = expectation.deleted {
                let liveOn = (server == nil ? [] : ["the server"]) + end.devices.filter { $0.live[record] != nil }.map(\.id)
                let actual = liveOn.isEmpty ? "deleted" : "live on \(liveOn.joined(separator: ", "))"
                let held = deleted ? liveOn.isEmpty : server != nil
                results.append(ExpectationResult(key: "records.\(id).deleted", expected: deleted ? "deleted" : "live",
                                                 actual: actual, held: held))
            }
            for (field, value) in (expectation.fields ?? [:]).sorted(by: { $0.key < $1.key }) {
                let found = server.map { ($0.fields[field] ?? .null).description } ?? "deleted"
                let held = server.map { value.sameValue(as: $0.fields[field] ?? .null) } ?? false
                results.append(ExpectationResult(key: "records.\(id).\(field)", expected: value.description,
                                                 actual: found, held: held))
            }
        }
        return results
    }

    private static func divergence(of name: String, on device: EndState.DeviceEnd, end: EndState) -> String {
        let record = RecordID(name)
        switch (device.live[record], end.liveOnServer(record)) {
        case (nil, _?): return "\(device.id) does not show \"\(record)\", which is live on the server."
        case (_?, nil): return "\(device.id) shows \"\(record)\", which the server does not have live."
        case let (mine?, theirs?):
            let names = Set(mine.fields.keys).union(theirs.fields.keys).sorted().filter { name in
                !(mine.fields[name] ?? .null).sameValue(as: theirs.fields[name] ?? .null)
            }
            if names.isEmpty {
                return "\(device.id) shows \"\(record)\" as a \(mine.type) where the server has a \(theirs.type)."
            }
            let show = { (fields: Fields) in names.map { "\($0): \(fields[$0] ?? .null)" }.joined(separator: ", ") }
            return "\(device.id) shows \"\(record)\" with \(show(mine.fields)) where the server has \(show(theirs.fields))."
        case (nil, nil): return "\(device.id) and the server both lack \"\(record)\"."
        }
    }

    /// Every conflict shown to a user: the decided ones from the History, then those still waiting.
    private static func conflictsShown(_ world: World) -> [ShownConflict] {
        var shown: [ShownConflict] = []
        for case let .decided(time, device, record, shownAt, choice) in world.history.entries {
            shown.append(ShownConflict(record: record.name, device: device.name, shownAt: shownAt, decidedAt: time, decision: choice))
        }
        shown += world.devices.flatMap(\.waitingConflicts)
        return shown.sorted { ($0.shownAt, $0.device, $0.record) < ($1.shownAt, $1.device, $1.record) }
    }

    private static func serverStates(_ records: [RecordID: RecordVersion], in order: RecordOrder) -> [RecordState] {
        order.ids.map { id in
            let version = records[id]!
            return RecordState(id: id.name, type: version.type, fields: version.deleted ? nil : version.fields)
        }
    }
}
