import Foundation
import Testing
import SyncSimulator

/// The wire-level API, as code that runs its own modify and fetch operations (IceCream or SyncKit style) uses it.
@Suite struct DatabaseTests {
    /// Fetches everything at launch; on its user's edit, saves a record it built without the server's change tag,
    /// then resolves the conflict by saving the changed keys only; it notes each outcome.
    final class WireApp: SimulatedApp {
        private let database: SimDatabase
        private let outcomes: AppLaunchTests.Launches
        private var shown: [String: SimRecord] = [:]

        init(_ launch: AppLaunch, into outcomes: AppLaunchTests.Launches) {
            database = launch.database
            self.outcomes = outcomes
            fetchAll(since: nil)
        }

        var records: [SimRecord] { shown.keys.sorted().map { shown[$0]! } }

        func perform(_ change: UserChange) {
            guard case let .edit(id, set, _) = change else { return }
            let stale = SimRecord(recordType: "Favorite", recordID: id, fields: set)
            database.modifyRecords(saving: [stale], deleting: [], atomically: false) { [self] result in
                guard case let .success(results) = result, case let .failure(error)? = results.saveResults[id] else {
                    return outcomes.note("unexpected \(result)")
                }
                outcomes.note("\(error.code) server \(text(error.serverRecord)) tag \(error.serverRecord?.recordChangeTag ?? -1)")
                database.modifyRecords(saving: [stale], deleting: [], savePolicy: .changedKeys) { [self] result in
                    guard case let .success(saved)? = try? result.get().saveResults[id] else {
                        return outcomes.note("unexpected \(result)")
                    }
                    outcomes.note("saved \(text(saved)) tag \(saved.recordChangeTag ?? -1)")
                    shown[id] = saved
                }
            }
        }

        /// `rating: 4, title: "Up"`: a record's fields in name order.
        private func text(_ record: SimRecord?) -> String {
            (record?.fields ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }

        private func fetchAll(since token: ServerChangeToken?) {
            database.fetchRecordZoneChanges(since: token) { [self] result in
                guard case let .success(page) = result else { return outcomes.note("unexpected \(result)") }
                for record in page.modifications { shown[record.recordID] = record }
                outcomes.note("fetched \(page.modifications.map(\.recordID)) more \(page.moreComing)")
                if page.moreComing { fetchAll(since: page.changeToken) }
            }
        }
    }

    @Test func aStaleSaveMeetsTheServersRecordAndChangedKeysOverwriteIt() {
        var scenario = Scenario(name: "wire", devices: [DeviceConfig(id: "Mac")])
        scenario.records = [
            RecordSpec(id: "fav1", type: "Favorite", fields: ["title": .string("Up"), "rating": .number(4)]),
            RecordSpec(id: "fav2", type: "Favorite", fields: ["title": .string("Jaws")]),
        ]
        scenario.server.fetchPageSize = 1
        scenario.timeline = [TimelineStep(at: .minutes(1), devices: ["Mac"],
                                          action: .edit(record: "fav1", set: ["rating": .number(5)], unset: []))]
        let outcomes = AppLaunchTests.Launches()
        _ = Simulation(scenario: scenario, app: { WireApp($0, into: outcomes) }).run()
        #expect(outcomes.lines == [
            "fetched [\"fav1\"] more true",
            "fetched [\"fav2\"] more false",
            "serverRecordChanged server rating: 4, title: \"Up\" tag 0",
            "saved rating: 5, title: \"Up\" tag 1",
        ])
    }

    /// A team unit-tests its delegate with events it builds itself.
    @Test func eventsCanBeBuiltForADelegatesOwnTests() {
        var conflict = SyncError(.serverRecordChanged)
        conflict.serverRecord = SimRecord(recordType: "Favorite", recordID: "fav1", fields: ["rating": .number(2)])
        let mine = SimRecord(recordType: "Favorite", recordID: "fav1", fields: ["rating": .number(5)])
        let sent = SyncEngine.SentRecordZoneChanges(failedRecordSaves: [.init(record: mine, error: conflict)])
        let fetched = SyncEngine.FetchedRecordZoneChanges(modifications: [.init(record: mine)],
                                                          deletions: [.init(recordID: "fav2", recordType: "Favorite")])
        #expect(sent.failedRecordSaves.first?.error.serverRecord?["rating"] == .number(2))
        #expect(fetched.deletions.map(\.recordID) == ["fav2"])
        #expect(!conflict.isRetryable && SyncError(.zoneBusy, retryAfterSeconds: 3).isRetryable)
    }
}
