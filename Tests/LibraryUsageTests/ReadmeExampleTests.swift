import Testing

// README example begins
import Foundation
import SyncSimulator

/// A favorites app's sync code, written as for CKSyncEngine: each record is the server's newest version known here
/// with the user's unsaved changes on top, kept in the device's durable storage.
final class FavoritesApp: SimulatedApp, SyncEngineDelegate {
    struct Favorite: Codable {
        /// The server's version this one is based on: its change tag is what a save names.
        var server: SimRecord
        /// Fields the user changed that the server may not have yet (`.null`: removed).
        var edits: Fields = [:]

        /// What the user sees: the server's fields with the user's changes on top. A counter is the sum of its parts,
        /// `plays@base` (its value when first incremented) and one tally per device (`plays@iPhone`), each written by
        /// one device only, so a save sent again after a lost answer still counts once.
        var fields: Fields {
            var fields = server.fields.merging(edits) { _, mine in mine }.filter { $0.value != .null }
            for part in fields.keys where part.contains("@") {
                let counter = String(part.prefix { $0 != "@" })
                let parts = fields.filter { $0.key.hasPrefix(counter + "@") }
                fields[counter] = .number(parts.values.compactMap(\.number).reduce(0, +))
            }
            return fields
        }

        /// The record to show and to save: the server's, with its type and change tag, and the fields shown.
        var record: SimRecord {
            var record = server
            record.fields = fields
            return record
        }
    }

    private let launch: AppLaunch
    private var favorites: [String: Favorite]
    private var engine: SyncEngine!

    init(_ launch: AppLaunch) {
        self.launch = launch
        let decoder = JSONDecoder()
        favorites = launch.storage["favorites"]
            .flatMap { try? decoder.decode([String: Favorite].self, from: $0) } ?? [:]
        // The engine's pending changes and change token, as persisted on its last `stateUpdate` event.
        let state = launch.storage["engine"]
            .flatMap { try? decoder.decode(SyncEngine.State.Serialization.self, from: $0) }
        engine = launch.makeSyncEngine(stateSerialization: state, delegate: self)
    }

    private func save() {
        launch.storage["favorites"] = try? JSONEncoder().encode(favorites)
    }

    // MARK: SimulatedApp: what the user does and sees

    var records: [SimRecord] { favorites.keys.sorted().map { favorites[$0]!.record } }

    func perform(_ change: UserChange) {
        let id = change.recordID
        switch change {
        case let .create(_, type, fields):
            var favorite = favorites[id] ?? Favorite(server: SimRecord(recordType: type, recordID: id))
            favorite.edits = favorite.fields.mapValues { _ in .null }.merging(fields) { _, new in new }
            favorites[id] = favorite
            engine.state.remove(pendingRecordZoneChanges: [.deleteRecord(id)])
        case let .edit(_, set, unset):
            for (name, value) in set.merging(unset.map { ($0, FieldValue.null) }, uniquingKeysWith: { _, new in new }) {
                // A counter set outright is a plain field again: its parts go.
                for part in favorites[id]!.fields.keys where part.hasPrefix(name + "@") {
                    favorites[id]!.edits[part] = .null
                }
                favorites[id]!.edits[name] = value
            }
        case let .increment(_, field, by):
            let fields = favorites[id]!.fields
            let tally = "\(field)@\(launch.deviceID)"
            if !fields.keys.contains(where: { $0.hasPrefix(field + "@") }) {
                favorites[id]!.edits[field + "@base"] = fields[field] ?? .number(0)  // a number becomes a counter
            }
            favorites[id]!.edits[tally] = .number((fields[tally]?.number ?? 0) + by)
            favorites[id]!.edits[field] = nil  // the sum of the parts from now on
        case .delete:
            favorites[id] = nil
            engine.state.remove(pendingRecordZoneChanges: [.saveRecord(id)])
            engine.state.add(pendingRecordZoneChanges: [.deleteRecord(id)])
            return save()
        }
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(id)])
        save()
    }

    // MARK: SyncEngineDelegate

    func handleEvent(_ event: SyncEngine.Event, syncEngine: SyncEngine) {
        switch event {
        case let .stateUpdate(update):
            launch.storage["engine"] = try? JSONEncoder().encode(update.stateSerialization)
        case let .fetchedRecordZoneChanges(changes):
            for modification in changes.modifications { received(modification.record) }
            for deletion in changes.deletions { deletedOnServer(deletion.recordID) }
        case let .sentRecordZoneChanges(sent):
            for record in sent.savedRecords { received(record) }
            for failure in sent.failedRecordSaves {
                let id = failure.record.recordID
                guard failure.error.code == .serverRecordChanged, let server = failure.error.serverRecord else {
                    deletedOnServer(id)  // unknownItem, or a conflict with a deletion: the delete wins
                    continue
                }
                received(server)
                // A failed save is no longer pending: queue it again with the user's changes on the newer version.
                if favorites[id]?.edits.isEmpty == false {
                    engine.state.add(pendingRecordZoneChanges: [.saveRecord(id)])
                }
            }
        case .willFetchChanges, .didFetchChanges, .willSendChanges, .didSendChanges:
            break
        }
        save()
    }

    func nextRecordZoneChangeBatch(_ context: SyncEngine.SendChangesContext,
                                   syncEngine: SyncEngine) -> SyncEngine.RecordZoneChangeBatch? {
        let pending = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }
        return SyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { id in favorites[id]?.record }
    }

    /// A version of a record from the server (fetched, saved, or met in a conflict).
    private func received(_ record: SimRecord) {
        let id = record.recordID
        guard var favorite = favorites[id] else {
            // Not shown here: new, unless the user deleted it and the delete is still to be sent.
            if !engine.state.pendingRecordZoneChanges.contains(.deleteRecord(id)) {
                favorites[id] = Favorite(server: record)
            }
            return
        }
        guard (record.recordChangeTag ?? 0) > (favorite.server.recordChangeTag ?? -1) else { return }
        favorite.server = record
        if favorite.fields == Favorite(server: record).fields { favorite.edits = [:] }  // the server has them all
        favorites[id] = favorite
    }

    private func deletedOnServer(_ id: String) {
        favorites[id] = nil
        engine.state.remove(pendingRecordZoneChanges: [.saveRecord(id)])
    }
}
// README example ends

/// Keeps the README's example app compiling, passing a bundled scenario, and identical to the README's text.
@Suite struct ReadmeExampleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Bundled scenarios that any correct sync client passes.
    @Test(arguments: ["conflicts/same-field-later-edit-wins", "conflicts/later-edit-keeps-fields-changed-elsewhere",
                      "lifecycle/kill-while-offline-keeps-pending-edit"])
    func exampleAppPassesABundledScenario(_ name: String) throws {
        let url = ReadmeExampleTests.packageRoot.appendingPathComponent("Scenarios/\(name).json")
        let report = try Simulation(contentsOf: url, app: { launch in FavoritesApp(launch) }).run()
        #expect(report.passed, "\(report.summary)")
    }

    @Test func readmeShowsThisFilesExampleVerbatim() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: ReadmeExampleTests.packageRoot.appendingPathComponent("README.md"),
                                encoding: .utf8)
        let example = try #require(ReadmeExampleTests.text(of: source, from: "// README example begins\n",
                                                           to: "// README example ends\n"))
        let section = try #require(ReadmeExampleTests.text(of: readme, from: "## Test your own sync code\n",
                                                           to: "\n## "))
        let blocks = section.components(separatedBy: "```swift\n").dropFirst()
            .compactMap { $0.components(separatedBy: "```\n").first }
        let shown = try #require(blocks.first { $0.contains("final class FavoritesApp") })
        #expect(shown == example)
    }

    /// The text of `text` between the first `start` and the next `end`, nil when either is missing.
    private static func text(of text: String, from start: String, to end: String) -> String? {
        guard let begin = text.range(of: start),
              let finish = text.range(of: end, range: begin.upperBound..<text.endIndex) else { return nil }
        return String(text[begin.upperBound..<finish.lowerBound])
    }
}
