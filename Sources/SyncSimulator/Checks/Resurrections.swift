/// Finds records that came back to life after a user deleted them: zombies, and resurrections by a later edit.
/// A reset does not make a device forget what it had deleted: a record it downloads again counts. A return counts
/// against a delete on the delete's own device, and elsewhere only with a version committed after the delete: a
/// device showing a version from before it has not yet heard of the delete.
struct Resurrections {
    private(set) var zombies: [Anomaly] = []
    private(set) var byEdit: [Anomaly] = []

    /// `concurrent` tells which zombies a concurrent write explains (it won over the delete by the strategy's rule).
    init(history: History, actions applied: AppliedActions, fates: ActionFates, concurrent: ConcurrentChanges,
         conflicts: ConflictLog) {
        // Only a record a user deleted can come back to life.
        let deleted = Set(applied.all.lazy.filter { $0.kind == .delete }.map(\.record))
        guard !deleted.isEmpty else { return }
        let comebacks = Resurrections.comebacks(of: deleted, in: history)
        for record in comebacks.keys.sorted() {
            let actions = applied[record]
            let returns = comebacks[record]!
            // A record counts once. Its first zombie stands unless a later delete's comeback has no cause: one that
            // a reset or a concurrent change explains must not hide a later one that nothing explains. Nor does a
            // resurrection by an edit: the record is listed once among those, and its later deletes are still checked.
            var zombie: Anomaly?
            var editedBack = false
            defer { if let zombie { zombies.append(zombie) } }
            for delete in actions where delete.kind == .delete {
                let after = returns.filter { comeback in
                    comeback.order > delete.number
                        && (comeback.replica == delete.device
                            || fates.firstCommit[delete.number].map { $0 < comeback.tag ?? .max } ?? false)
                }
                guard let first = after.first else { continue }
                let laterWrites = actions.filter { $0.number > delete.number && $0.kind != .delete }
                if laterWrites.isEmpty {
                    let causes = after.compactMap(\.cause).filter { $0 != delete.device }
                    let wiped = fates.resetClause(delete, committed: false).map { "the delete \($0)" }
                        ?? (first.replica == delete.device
                            ? fates.resetRaceClause(delete, comebackAt: first.time, tag: first.tag) : nil)
                        ?? fates.collisionClause(delete)
                    let write = wiped == nil
                        ? concurrent.writes(concurrentWith: delete).first { write in
                            Resurrections.mayWin(write, over: delete, fates: fates, conflicts: conflicts)
                        } : nil
                    let skew = wiped == nil && write == nil ? conflicts.skewClause(after: delete) : nil
                    let found = Anomaly(
                        kind: .zombie, record: record.name, devices: ([delete.device] + Array(Set(causes)).sorted()).map(\.name),
                        times: [delete.time, first.time],
                        cause: wiped != nil ? .reset : write != nil ? .concurrentChange : skew != nil ? .clockSkew : nil) {
                        let why = wiped.map { "; \($0)." }
                            ?? write.map { write in
                                let decided = conflicts.clause(decidingBetween: delete, and: write).map { "; \($0)" } ?? ""
                                return "; \(write.describe(nil)) on \(write.device) at \(write.time)\(fates.onItsWayClause(write, explaining: delete)) was concurrent with the delete and won over it\(decided)."
                            }
                            ?? skew.map { "; \($0)." }
                            ?? "."
                        return "\"\(record)\" was deleted on \(delete.device) at \(delete.time) and came back to life \(Resurrections.places(after)) with no user change after the delete" + why
                    }
                    if zombie == nil || found.cause == nil { zombie = found }
                    if found.cause == nil { break }
                    continue
                }
                let beforeRecreate = laterWrites.prefix { if case .create = $0.kind { false } else { true } }
                if !editedBack, let edit = beforeRecreate.first(where: \.isEdit) {
                    editedBack = true
                    byEdit.append(Anomaly(
                        kind: .resurrectedByEdit, record: record.name, devices: [delete.device.name, edit.device.name],
                        times: [delete.time, edit.time, first.time]) {
                        "\"\(record)\" was deleted on \(delete.device) at \(delete.time), edited on \(edit.device) at \(edit.time) before it had seen the delete, and is live again \(Resurrections.places(after))."
                    })
                }
            }
        }
    }

    /// Whether a write concurrent with a delete may bring the record back: a strategy decided a conflict of the
    /// record after the delete, the write is a user's create (saved without a change tag, it re-creates the record
    /// over a tombstone), or the delete never reached the server. A save that bypasses the conflict (a re-upload
    /// answering `unknownItem`) may not.
    private static func mayWin(_ write: UserAction, over delete: UserAction, fates: ActionFates,
                               conflicts: ConflictLog) -> Bool {
        if case .create = write.kind { return true }
        return conflicts.decided(after: delete) || fates.firstCommit[delete.number] == nil
    }

    /// One return of a record to life on a replica where it had been deleted or removed.
    private struct Comeback {
        var time: SimDuration
        var replica: DeviceID?
        /// On the server, the device whose save brought the record back.
        var cause: DeviceID?
        /// The number of user actions recorded before it, to order it against them.
        var order: Int
        /// The change tag of the server version the replica shows again, if it holds one.
        var tag: Int?
    }

    /// The returns of the `deleted` records, each record's in the order they happened.
    private static func comebacks(of deleted: Set<RecordID>, in history: History) -> [RecordID: [Comeback]] {
        // The replicas each deleted record is gone from (nil for the server): a record is found by its id, whose hash
        // is worked out already, and its few replicas by comparing names.
        var gone = Dictionary(uniqueKeysWithValues: deleted.lazy.map { ($0, [DeviceID?]()) })
        var found: [RecordID: [Comeback]] = [:]
        var actionsSoFar = 0
        var lastCommitter: DeviceID?
        // Each entry is read where it is: one taken out of the list would be copied, its arrays retained.
        for index in history.entries.indices {
            switch history.entries[index] {
            case .action:
                actionsSoFar += 1
            case let .commit(_, _, _, device, _, _):
                lastCommitter = device
            case let .liveness(time, replica, record, tag, live):
                guard let slot = gone.index(forKey: record) else { continue }
                let place = gone.values[slot].firstIndex(of: replica)
                guard live else {
                    if place == nil { gone.values[slot].append(replica) }
                    continue
                }
                if let place {
                    gone.values[slot].remove(at: place)
                    let cause = replica == nil ? lastCommitter : nil
                    found[record, default: []].append(Comeback(time: time, replica: replica, cause: cause,
                                                               order: actionsSoFar, tag: tag))
                }
            case .conflict, .decided, .reset:
                break
            }
        }
        return found
    }

    /// "on the server at 31d (and on iPad at 31d1s)": where and when a record returned, first on each replica.
    private static func places(_ returns: [Comeback]) -> String {
        var seen = Set<DeviceID?>()
        var parts: [String] = []
        for comeback in returns where seen.insert(comeback.replica).inserted {
            let by = comeback.cause.map { " (saved by \($0))" } ?? ""
            parts.append("on \(comeback.replica?.name ?? "the server") at \(comeback.time)\(by)")
        }
        return parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}
