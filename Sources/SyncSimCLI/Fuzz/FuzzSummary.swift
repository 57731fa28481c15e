import SyncSimulator

/// A campaign's outcome: the lines printed for failures, the summary line and `fuzz.json`.
struct FuzzSummary {
    var plan: FuzzPlan
    var results: [SeedResult]
    var stoppedByTimeLimit: Bool

    var failed: Int { results.filter { $0.failure != nil }.count }

    /// Failing seeds by class, in the classes' order.
    private var byClass: [(kind: FuzzFailure.Kind, count: Int)] {
        FuzzFailure.Kind.allCases.map { kind in (kind, results.filter { $0.failure?.kind == kind }.count) }
    }

    /// `FAIL  seed 17  zombie on "r3"  41 → 4 steps  Reports/fuzz/seed-17-min.json`.
    func line(for result: SeedResult) -> String {
        guard let failure = result.failure else { return "PASS  seed \(result.seed)" }
        let file = plan.outputFolder + "/" + SeedResult.fileName(result.seed, minimal: result.minimalSteps != nil)
        let steps = result.minimalSteps.map { "\(result.steps) → \($0) steps" } ?? "\(result.steps) steps, not shrunk"
        let written = result.writeError.map { "not written: \($0)" } ?? file
        return "FAIL  seed \(result.seed)  \(failure)  \(steps)  \(written)\n      \(failure.sentence)"
    }

    /// `1000 seeds: 998 passed, 2 failed (zombie 1, lost-update 1) in 4.2 s, 238 seeds/s`.
    func text(seconds: Double) -> String {
        let classes = byClass.filter { $0.count > 0 }.map { "\($0.kind.rawValue) \($0.count)" }
        let rate = Double(results.count) / max(seconds, 0.001)
        var text = "\(results.count) seed\(results.count == 1 ? "" : "s"): \(results.count - failed) passed, \(failed) failed"
            + (classes.isEmpty ? "" : " (" + classes.joined(separator: ", ") + ")")
            + " in \(format(seconds)) s, \(Int(rate.rounded())) seeds/s"
        if stoppedByTimeLimit {
            text += "\nStopped by --time-limit: \(plan.seeds.count - results.count) of \(plan.seeds.count) seeds not run."
        }
        return text
    }

    private func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The campaign as JSON: what was asked, what ran, each failure class with its meaning and count, each failure.
    var json: JSONValue {
        var settings: [(key: String, value: JSONValue)] = [
            ("devices", .int(plan.settings.devices)), ("actions", .int(plan.settings.actions)),
            ("strategy", .string(plan.settings.strategy.name)),
            ("strategyOptions", .array(plan.strategyAssignments.map(JSONValue.string))),
            ("client", .array(plan.clientAssignments.map(JSONValue.string))),
        ]
        if let (index, count) = plan.shard { settings.append(("shard", .string("\(index)/\(count)"))) }
        settings.append(("checkDeterminism", .bool(plan.checkDeterminism)))
        let failures: [JSONValue] = results.compactMap { result in
            guard let failure = result.failure else { return nil }
            var members: [(key: String, value: JSONValue)] = [
                ("seed", .int(result.seed)), ("class", .string(failure.kind.rawValue)),
                ("record", failure.record.map(JSONValue.string) ?? .null),
                ("device", failure.device.map(JSONValue.string) ?? .null),
                ("sentence", .string(failure.sentence)),
                ("file", .string(SeedResult.fileName(result.seed, minimal: false))), ("steps", .int(result.steps)),
            ]
            if let minimal = result.minimalSteps {
                members += [("minimalFile", .string(SeedResult.fileName(result.seed, minimal: true))),
                            ("minimalSteps", .int(minimal))]
            }
            if let error = result.writeError { members.append(("writeError", .string(error))) }
            return .object(members)
        }
        return .object([
            ("settings", .object(settings)),
            ("seeds", .object([("first", plan.seeds.first.map(JSONValue.int) ?? .null),
                               ("last", plan.seeds.last.map(JSONValue.int) ?? .null),
                               ("planned", .int(plan.seeds.count)), ("run", .int(results.count)),
                               ("stoppedByTimeLimit", .bool(stoppedByTimeLimit))])),
            ("passed", .int(results.count - failed)), ("failed", .int(failed)),
            ("classes", .array(byClass.map { entry in
                .object([("class", .string(entry.kind.rawValue)), ("meaning", .string(entry.kind.meaning)),
                         ("failed", .int(entry.count))])
            })),
            ("failures", .array(failures)),
        ])
    }
}
