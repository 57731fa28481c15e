import Foundation
import SyncSimulator

/// An example app written as a team would write it against CKSyncEngine, ported to syncsim: its own store persisted
/// as JSON, a sync engine delegate, a field merge on `serverRecordChanged`, and deletes that win. Counters are kept
/// as one tally per device (`plays@iPad`) that only that device writes, so a save sent twice never counts twice.
/// `flaw` turns it into one of its buggy twins.
final class NotesApp: SimulatedApp, SyncEngineDelegate {
    /// A classic mistake the app can be made with.
    enum Flaw: Sendable {
        /// A save that fails (`serverRecordChanged`, `unknownItem`) is dropped instead of resolved and queued again.
        case dropsFailedSaves
        /// The engine's state serialization is never persisted: a kill loses the pending changes.
        case forgetsEngineState
        /// Saves are built from the record as the app last saved it, with the newest change tag: fields changed
        /// elsewhere since are written back with their old values.
        case savesStaleRecord
    }

    /// One record in the app's store.
    struct Note: Codable {
        var type: String
        var fields: Fields
        /// The server's record as last fetched or saved: its change tag is what a save names.
        var lastKnown: SimRecord?
        /// Fields the user changed that the server has not acknowledged yet.
        var dirty: Set<String> = []
        /// The user created the record without a server record to base it on and the server has not acknowledged it
        /// yet: its counters start afresh over whatever the server has.
        var created = false
    }

    private let launch: AppLaunch
    private let flaw: Flaw?
    private var notes: [String: Note]
    private var engine: SyncEngine!

    init(_ launch: AppLaunch, flaw: Flaw? = nil) {
        self.launch = launch
        self.flaw = flaw
        let decoder = JSONDecoder()
        notes = launch.storage["notes"].flatMap { try? decoder.decode([String: Note].self, from: $0) } ?? [:]
        let state = launch.storage["engine"].flatMap { try? decoder.decode(SyncEngine.State.Serialization.self, from: $0) }
        engine = launch.makeSyncEngine(stateSerialization: state, delegate: self)
    }

    // MARK: what the user does and sees

    var records: [SimRecord] {
        notes.keys.sorted().map { id in
            var record = SimRecord(recordType: notes[id]!.type, recordID: id, fields: notes[id]!.fields)
            record.recordChangeTag = notes[id]!.lastKnown?.recordChangeTag
            return record
        }
    }

    func perform(_ change: UserChange) {
        let id = change.recordID
        switch change {
        case let .create(_, type, fields):
            let lastKnown = notes[id]?.lastKnown
            let replaced = lastKnown.map { Array($0.fields.keys) } ?? []
            notes[id] = Note(type: type, fields: fields, lastKnown: lastKnown, dirty: Set(fields.keys).union(replaced),
                             created: lastKnown == nil)
            engine.state.remove(pendingRecordZoneChanges: [.deleteRecord(id)])
        case let .edit(_, set, unset):
            for (name, value) in set { notes[id]!.fields[name] = value }
            for name in unset { notes[id]!.fields[name] = nil }
            notes[id]!.dirty.formUnion(Array(set.keys) + unset)
            notes[id]!.fields = NotesApp.counted(notes[id]!.fields)
        case .delete:
            notes[id] = nil
            engine.state.remove(pendingRecordZoneChanges: [.saveRecord(id)])
            engine.state.add(pendingRecordZoneChanges: [.deleteRecord(id)])
            return persist()
        case let .increment(_, field, by):
            let mine = "\(field)@\(launch.deviceID)"
            if notes[id]!.fields["\(field)@base"] == nil {
                notes[id]!.fields["\(field)@base"] = notes[id]!.fields[field] ?? .number(0)
                notes[id]!.dirty.insert("\(field)@base")
            }
            notes[id]!.fields[mine] = .number((notes[id]!.fields[mine]?.number ?? 0) + by)
            notes[id]!.dirty.insert(mine)
            notes[id]!.fields = NotesApp.counted(notes[id]!.fields)
        }
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(id)])
        persist()
    }

    /// The fields with each counter set to its base plus every device's tally (`plays@base`, `plays@iPad`).
    private static func counted(_ fields: Fields) -> Fields {
        var counted = fields
        for name in fields.keys {
            guard let at = name.firstIndex(of: "@") else { continue }
            let counter = String(name[..<at])
            let parts = fields.filter { $0.key.hasPrefix(counter + "@") }.values.compactMap(\.number)
            counted[counter] = .number(parts.reduce(0, +))
        }
        return counted
    }

    private func persist() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        launch.storage["notes"] = try? encoder.encode(notes)
    }

    // MARK: sync

    func handleEvent(_ event: SyncEngine.Event, syncEngine: SyncEngine) {
        switch event {
        case let .stateUpdate(update):
            if flaw != .forgetsEngineState { launch.storage["engine"] = try? JSONEncoder().encode(update.stateSerialization) }
        case let .fetchedRecordZoneChanges(changes):
            for modification in changes.modifications { take(modification.record) }
            for deletion in changes.deletions { deleteLocally(deletion.recordID) }
        case let .sentRecordZoneChanges(sent):
            for record in sent.savedRecords { saved(record) }
            for failure in sent.failedRecordSaves { failed(failure) }
        case .willFetchChanges, .didFetchChanges, .willSendChanges, .didSendChanges:
            break
        }
        persist()
    }

    func nextRecordZoneChangeBatch(_ context: SyncEngine.SendChangesContext,
                                   syncEngine: SyncEngine) -> SyncEngine.RecordZoneChangeBatch? {
        let pending = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }
        return SyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { id in
            guard let note = notes[id] else { return nil }
            var record = note.lastKnown ?? SimRecord(recordType: note.type, recordID: id)
            if flaw == .savesStaleRecord {
                for name in note.dirty { record[name] = note.fields[name] }
            } else {
                record.fields = note.fields
            }
            return record
        }
    }

    /// A record fetched from the server: taken as it is, with the user's unsaved changes kept on top.
    private func take(_ server: SimRecord) {
        let id = server.recordID
        if engine.state.pendingRecordZoneChanges.contains(.deleteRecord(id)) { return }
        guard let note = notes[id] else {
            notes[id] = Note(type: server.recordType, fields: server.fields, lastKnown: server)
            return
        }
        if note.fields == server.fields { return saved(server) }
        if flaw == .savesStaleRecord {
            notes[id]!.lastKnown?.recordChangeTag = server.recordChangeTag
            notes[id]!.fields = merged(server, over: note)
            return
        }
        notes[id] = Note(type: server.recordType, fields: merged(server, over: note), lastKnown: server, dirty: note.dirty,
                         created: note.created)
    }

    /// The server's fields with the note's unsaved changes on top (a device's own tally is one of them: only it
    /// writes its tally, so its own value is never behind).
    private func merged(_ server: SimRecord, over note: Note) -> Fields {
        var fields = server.fields
        if note.created {
            // A create that sets a counter starts it afresh: the tallies the server has are not part of it.
            fields = fields.filter { name, _ in !name.contains("@") || !note.dirty.contains(String(name.prefix { $0 != "@" })) }
        }
        for name in note.dirty { fields[name] = note.fields[name] }
        return NotesApp.counted(fields)
    }

    private func saved(_ record: SimRecord) {
        let id = record.recordID
        guard var note = notes[id] else { return }
        note.lastKnown = record
        note.dirty = note.dirty.filter { note.fields[$0] != record.fields[$0] }
        note.created = note.created && note.fields != record.fields
        notes[id] = note
    }

    private func failed(_ failure: SyncEngine.FailedRecordSave) {
        let id = failure.record.recordID
        // Deleted here since the save was sent: the delete is pending, and nothing is to be resolved.
        guard let note = notes[id] else { return }
        switch failure.error.code {
        case .serverRecordChanged:
            guard let server = failure.error.serverRecord else { return deleteLocally(id) }
            // The server has what the app sent: an earlier send landed though its answer was lost.
            if note.fields == server.fields { return saved(server) }
            guard flaw != .dropsFailedSaves else {
                notes[id] = Note(type: server.recordType, fields: server.fields, lastKnown: server)
                return
            }
            notes[id] = Note(type: note.type, fields: merged(server, over: note), lastKnown: server, dirty: note.dirty,
                             created: note.created)
            engine.state.add(pendingRecordZoneChanges: [.saveRecord(id)])
        default:
            deleteLocally(id)
        }
    }

    /// A delete from elsewhere wins over the user's unsaved changes.
    private func deleteLocally(_ id: String) {
        notes[id] = nil
        engine.state.remove(pendingRecordZoneChanges: [.saveRecord(id)])
    }
}
