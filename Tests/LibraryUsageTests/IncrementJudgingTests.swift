import Testing
import SyncSimulator

/// An app turns each increment into a save of the new value, so the checks judge increments by the field's sum.
@Suite struct IncrementJudgingTests {
    /// Keeps counters as plain numbers and merges a conflict by adding its own change since the ancestor to the
    /// server's value: a resend after a lost answer meets its own save and adds the change again.
    final class NaiveCounterApp: SimulatedApp, SyncEngineDelegate {
        private var shown: [String: SimRecord] = [:]
        private var engine: SyncEngine!

        init(_ launch: AppLaunch) {
            engine = launch.makeSyncEngine(stateSerialization: nil, delegate: self)
        }

        var records: [SimRecord] { shown.keys.sorted().map { shown[$0]! } }

        func perform(_ change: UserChange) {
            guard case let .increment(id, field, by) = change else { return }
            let value = shown[id]?[field]?.number ?? 0
            shown[id]?[field] = .number(value + by)
            engine.state.add(pendingRecordZoneChanges: [.saveRecord(id)])
        }

        func handleEvent(_ event: SyncEngine.Event, syncEngine: SyncEngine) {
            switch event {
            case let .fetchedRecordZoneChanges(changes):
                for modification in changes.modifications where !syncEngine.state.pendingRecordZoneChanges.contains(.saveRecord(modification.record.recordID)) {
                    shown[modification.record.recordID] = modification.record
                }
            case let .sentRecordZoneChanges(sent):
                for record in sent.savedRecords { shown[record.recordID]?.recordChangeTag = record.recordChangeTag }
                for failure in sent.failedRecordSaves {
                    guard var merged = failure.error.serverRecord, let ancestor = failure.error.ancestorRecord else { continue }
                    for (name, value) in failure.record.fields {
                        merged[name] = .number((merged[name]?.number ?? 0) + (value.number ?? 0) - (ancestor[name]?.number ?? 0))
                    }
                    shown[merged.recordID] = merged
                    syncEngine.state.add(pendingRecordZoneChanges: [.saveRecord(merged.recordID)])
                }
            default:
                break
            }
        }

        func nextRecordZoneChangeBatch(_ context: SyncEngine.SendChangesContext,
                                       syncEngine: SyncEngine) -> SyncEngine.RecordZoneChangeBatch? {
            let pending = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }
            return SyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { [self] in shown[$0] }
        }
    }

    @Test func aResentSaveCountedTwiceIsADuplicate() throws {
        let report = try Simulation(contentsOf: ExampleAppTests.scenarios
            .appendingPathComponent("retries/increment-once-with-idempotency-keys.json"), app: { NaiveCounterApp($0) }).run()
        #expect(report.anomalies.map(\.sentence) == [
            "the increment of \"song1\".playCount on iPhone at 1m adds 1 to 10, but the end state has 12: 1 counted more than once.",
        ])
        #expect(report.anomalies.first?.kind == .duplicate)
        #expect(report.anomalies.first?.cause == nil)
        #expect(try ExampleAppTests.run("retries/increment-once-with-idempotency-keys.json").passed)
    }

    @Test func aDroppedIncrementIsMissingFromTheSum() throws {
        let report = try ExampleAppTests.run("merge/concurrent-increments-sum.json", flaw: .dropsFailedSaves)
        let lost = report.anomalies.filter { $0.kind == .lostUpdate }
        #expect(lost.map(\.sentence).contains(
            "the increments of \"song1\".playCount on iPad, iPhone from 2m to 3m add 2 to 10, but the end state has 11: 1 missing."))
    }

    /// Each field's increments are judged by that field's sum only.
    @Test func incrementsOfTwoFieldsAreJudgedApart() {
        var scenario = Scenario(name: "two-counters", devices: [DeviceConfig(id: "iPhone"), DeviceConfig(id: "iPad")])
        scenario.records = [RecordSpec(id: "song1", type: "Song", fields: ["plays": .number(0), "likes": .number(0)])]
        scenario.timeline = [
            TimelineStep(at: .minutes(1), devices: ["iPhone"], action: .increment(record: "song1", field: "plays", by: 1)),
            TimelineStep(at: .minutes(2), devices: ["iPad"], action: .increment(record: "song1", field: "likes", by: 2)),
        ]
        let report = Simulation(scenario: scenario, app: { NotesApp($0) }).run()
        #expect(report.passed, "\(report.summary)")
        #expect(report.anomalies.isEmpty)
    }
}
