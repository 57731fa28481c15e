/// How a device settles a `serverRecordChanged`: it asks the strategy, applies the answer, or waits for the user.
extension Device {
    /// A conflict shown to the user, waiting for a decision.
    struct PendingConflict {
        var serial: Int
        var server: RecordVersion
        var ancestor: RecordVersion?
        var choice: UserChoice
        var shownAt: SimDuration
        /// The outbox serial when it was shown: writes from it on were made after the device received `server`.
        var shownAtSerial: Int
        /// Its number among the conflicts the device has shown, which its decision timer carries.
        var number: Int
    }

    func resolve(_ entry: Outbox.Entry, server: RecordVersion, ancestor: RecordVersion?) {
        // A delete sent before the user re-created the record meets the conflict as a delete, not as the record shown.
        // Read from the outbox, not from `entry` as it was sent: the user may have re-created the record since.
        let sentDelete = outbox.sentDelete(serial: entry.serial)
        let counted = sentDelete == nil ? ancestorCountingOwnIncrements(of: entry.record, ancestor, server: server) : nil
        let local = sentDelete == nil ? withoutPendingIncrements(entry.record, keepingCounted: counted != nil) : nil
        var ancestor = counted ?? ancestor ?? local.flatMap { recreatedAncestor(of: entry.record, $0) }
        if local != nil { ancestor = ancestorOfWritesMadeSinceArrival(ancestor, of: entry.record) }
        let deviceStamp = sentDelete?.timestamp ?? local?.timestamp ?? 0
        let localSide = ConflictSide(fields: local.flatMap { $0.deleted ? nil : $0.fields },
                                     timestamp: clockMode == .server ? now.micros : deviceStamp,
                                     fieldTimes: local?.fieldTimes ?? [:])
        let conflict = Conflict(record: entry.record.name, type: local?.type ?? server.type, device: id.name, local: localSide,
                                server: ConflictSide(server), ancestor: ancestor.map(ConflictSide.init))
        let resolution = strategy.resolve(conflict)
        let trueTimes = port.inTrueTime(conflict)
        let skewed = trueTimes.map { strategy.resolve($0) != resolution } ?? false
        let compared = ComparedStamps(clock: clockMode, local: ConflictStamp(conflict.local, true: trueTimes?.local),
                                      server: ConflictStamp(conflict.server, true: trueTimes?.server))
        port.history.record(.conflict(time: now, device: id, record: entry.record, outcome: resolution.outcome,
                                      skewed: skewed, compared: compared))
        switch resolution {
        case .keepServer:
            takeServerSide(entry.serial, for: server, receivedAt: outbox.nextSerial)
        case .keepLocal:
            // A live record kept over a live one goes through the merge, so a field both sides hold alike keeps the
            // provenance of the side that last changed it. The record kept is the device's whole record, with the
            // increments the server already counts.
            if sentDelete == nil, var kept = store[entry.record], !kept.deleted, !server.deleted {
                kept.apply(outbox.pendingIncrements(of: entry.record), sign: -1)
                merge(kept.fields, of: kept, into: entry, server: server, ancestor: ancestor)
            } else {
                resendLocal(entry.serial, over: server)
            }
        case let .merged(fields):
            if let local = withoutPendingIncrements(entry.record, keepingCounted: counted != nil) {
                merge(keepingWritesMadeSince(server, fields, of: local), of: local, into: entry, server: server,
                      ancestor: ancestor)
            } else {
                outbox.remove(serial: entry.serial)
            }
        case let .askUser(choice, delay):
            outbox.update(serial: entry.serial) { $0.state = .heldForUser }
            conflictsShownCount += 1
            pendingConflicts[entry.record] = PendingConflict(serial: entry.serial, server: server, ancestor: ancestor,
                                                             choice: config.choice ?? choice, shownAt: now,
                                                             shownAtSerial: outbox.nextSerial, number: conflictsShownCount)
            port.schedule(.decision(record: entry.record), after: delay, generation: conflictsShownCount)
        }
        noteLiveness(of: entry.record)
    }

    /// The common ancestor of a record the user re-created over a delete sent before and the server's version it
    /// meets saved as new: the version deleted, of the fields the user wrote or cleared since. The others the user
    /// left alone: absent from the re-created record, they are no change of the device's. A record created after the
    /// device took its deletion has that tombstone as ancestor: both sides brought the record back.
    private func recreatedAncestor(of record: RecordID, _ local: LocalRecord) -> RecordVersion? {
        guard local.serverVersion == nil, var deleted = recreatedOver.removeValue(forKey: record) else { return nil }
        deleted.fields = deleted.fields.filter { local.fieldTimes[$0.key] != nil }
        return deleted
    }

    /// The common ancestor with the fields saved by writes made after the device received a version set aside for
    /// the change in conflict taken from that version: the user wrote them on top of it, so only what the server
    /// changed since it is concurrent with them. Against the older ancestor, a value the user wrote that equals its
    /// counts as unchanged, and the merge takes the server's, the very one the user had received and overwritten.
    /// With no ancestor (a record saved as new, created before that version arrived), those fields alone get one,
    /// as `recreatedAncestor` keeps only the fields the user wrote: the others are the create's, concurrent with
    /// whatever the server holds.
    private func ancestorOfWritesMadeSinceArrival(_ ancestor: RecordVersion?, of record: RecordID) -> RecordVersion? {
        guard ancestor?.deleted != true, let aside = setAside[record] else { return ancestor }
        var merged = ancestor
        // Oldest first, so that each field ends with the newest version received before its last write.
        for (version, since) in aside.arrivals
        where !version.deleted && version.changeTag > ancestor?.changeTag ?? -1 {
            // A write of the whole record since leaves no field as the older ancestor had it.
            let names = outbox.fieldsSaved(of: record, madeSince: since)
                ?? FieldNames(of: version.fields).union(merged.map { FieldNames(of: $0.fields) } ?? [])
            guard !names.isEmpty else { continue }
            var next = merged ?? RecordVersion(id: record, type: version.type, fields: [:], deleted: false,
                                               changeTag: version.changeTag, timestamp: version.timestamp,
                                               fieldTimes: [:], ledger: IncrementLedger())
            for name in names {
                next.fields[name] = version.fields[name]
                next.ledger.take(name, from: version.ledger)
                next.fieldTimes[name] = version.fieldTimes[name]
            }
            merged = next
        }
        return merged
    }

    /// The server's side won: the device takes it; its own save or delete is dropped, its increments stay.
    private func dropLocalChange(_ serial: Int, for server: RecordVersion) {
        outbox.remove(serial: serial)
        outbox.removeWaiting(for: server.id) { !$0.isIncrement }
        take(newestReceived(server), overriding: true)
        relistIfUnlisted(server.id)
    }

    /// The server's side won: the device takes it, and the save or delete that met it is dropped. Its increments
    /// stay, and so do its writes made after it received the version it takes, from outbox serial `receivedAt` on
    /// (or from when that version was set aside, if earlier): they are new changes on top of it, not concurrent
    /// with it, so they are rebased onto it instead of being lost with the change the conflict was about; over a
    /// tombstone, so are increments made after it arrived, which the tombstone would refuse. A record
    /// the user re-created over a delete that was sent is no change on top of the delete: made before the device
    /// received the version, it stays a new record, to meet that version, set aside for it, as a conflict of its own.
    private func takeServerSide(_ serial: Int, for server: RecordVersion, receivedAt: Int) {
        let recreatedSinceSent = outbox.sentDelete(serial: serial) != nil
        outbox.remove(serial: serial)
        let taken = newestReceived(server)
        // Writes from this serial on were made after the device received `taken`, with the conflict or set aside.
        var knownSince = taken.changeTag == server.changeTag ? receivedAt : .max
        if let since = arrivalSerial(of: taken) { knownSince = min(knownSince, since) }
        if recreatedSinceSent && !outbox.writes(of: server.id, madeSince: knownSince) {
            // Received all the same: set aside for the re-created record's save, as a fetched version would be, so
            // writes made from now on are changes on top of it, kept over it when that save meets it as a conflict.
            return setAsideForWrite(taken)
        }
        outbox.removeWaiting(for: server.id) { !$0.isIncrement && $0.writtenAt < knownSince }
        // Over a tombstone, an increment made since it arrived, on the record still shown live, is a change on top too.
        let changedSince = outbox.hasWrite(for: server.id)
            || taken.deleted && outbox.hasChanges(for: server.id, madeSince: knownSince)
        guard changedSince, let local = store[server.id], !(taken.deleted && local.deleted) else {
            take(taken, overriding: true)
            return relistIfUnlisted(server.id)
        }
        if taken.deleted {
            recreate(server.id, local, over: taken)
        } else {
            rebase(server.id, local, onto: taken)
        }
    }

    /// A listing left the record out while the change just dropped waited, and the version taken instead may predate
    /// its deletion, which no listing shows: with no change of it waiting any more, the device lists again to know.
    /// A fetch since the token under way is given up for the listing: its answer would bring a token back.
    private func relistIfUnlisted(_ id: RecordID) {
        guard !outbox.hasChanges(for: id), unlisted.remove(id) != nil else { return }
        token = nil
        if case .fetch? = waiting?.purpose, listing == nil {
            waiting = nil
            return fetchNextPage()
        }
        syncAfterResolution()
    }

    /// The newest version of the record the device received: the server's side of a conflict, or a version set aside
    /// since (received while the user decided), which the device's change token is past, so it would not come again.
    private func newestReceived(_ server: RecordVersion) -> RecordVersion {
        setAside[server.id].flatMap { $0.version.changeTag > server.changeTag ? $0.version : nil } ?? server
    }

    /// The device's side won: it is saved whole over the server's version, or, when it is a delete the user made
    /// after the save in conflict was sent, that delete goes on the server's version in the save's place.
    /// Over a tombstone it is saved on the tombstone's change tag, so that a later re-create or delete by another
    /// device meets it as a conflict instead of being overwritten (a purge of the tombstone meanwhile makes it a new
    /// record, see `handle`). A delete sent before the record was re-created is sent again on the server's version,
    /// the re-created record after it.
    private func resendLocal(_ serial: Int, over server: RecordVersion) {
        guard var kept = store[server.id] else { return outbox.remove(serial: serial) }
        if outbox.sentDelete(serial: serial) != nil {
            outbox.update(serial: serial) { $0.sentDelete?.baseTag = server.changeTag }
            return requeue(serial, as: .delete)
        }
        kept.serverVersion = server.deleted ? nil : server
        store[server.id] = kept
        if kept.deleted && outbox.hasWrite(for: server.id, madeSince: serial + 1) {
            // The side kept is a delete the user made after this save was sent, waiting behind it: that delete goes
            // on the server's version now, and the save is done with. Sent again as a second delete, it would leave
            // that one waiting behind its commit on a version the commit deleted, and a create folded into it would
            // be saved on that version over the device's own tombstone (refused `unknownItem`, and dropped).
            outbox.remove(serial: serial)
            if client.clearDirty == .onAck { syncAfterResolution() }
            return
        }
        if server.deleted {
            keep(serial, over: server)
        } else {
            outbox.update(serial: serial) { $0.keptOverTombstone = nil }
        }
        requeue(serial, as: kept.deleted ? .delete : .replace)
    }

    /// The device's side of a conflict: its record without the increments still waiting to be sent, which
    /// travel as operations and are added on top of whatever wins.
    /// With `keepingCounted`, the increments the server's version already counts stay (see
    /// `ancestorCountingOwnIncrements`).
    private func withoutPendingIncrements(_ record: RecordID, keepingCounted: Bool = false) -> LocalRecord? {
        guard var local = store[record] else { return nil }
        local.apply(outbox.pendingIncrements(of: record), sign: -1)
        if !keepingCounted, let counted = countedAboveBase[record], counted.base == local.serverVersion?.changeTag {
            local.apply(counted.increments, sign: -1)
        }
        return local
    }

    /// The common ancestor with the device's own increments that the server's version already counts (acknowledged
    /// while the save waited on that ancestor as its base) added to it: both sides hold them, so they are no change
    /// of either side. Taken off the device's side instead, a field the device changed too (a create that left it
    /// out, say) would be merged without them, and the count the server holds would be lost. Nil when they do not
    /// apply: another base, a deletion on either side, or a server's version older than their answer.
    private func ancestorCountingOwnIncrements(of record: RecordID, _ ancestor: RecordVersion?,
                                               server: RecordVersion) -> RecordVersion? {
        guard var ancestor, !ancestor.deleted, !server.deleted, let counted = countedAboveBase[record],
              counted.base == ancestor.changeTag, counted.base == store[record]?.serverVersion?.changeTag,
              server.changeTag >= counted.built.tag
        else { return nil }
        for increment in counted.increments {
            ancestor.fields.add(increment.by, to: increment.field)
            ancestor.ledger.add(increment.action, to: increment.field)
        }
        return ancestor
    }

    /// The merged `fields`, but with the fields that writes made since the device received `server` (set aside for the
    /// change in conflict, or the version it has an increment added to) save as the device has them: those writes are
    /// changes on top of it, not concurrent with it, as when the server's side wins (see `takeServerSide`).
    private func keepingWritesMadeSince(_ server: RecordVersion, _ fields: Fields, of local: LocalRecord) -> Fields {
        guard let since = arrivalSerial(of: server) else { return fields }
        guard let names = outbox.fieldsSaved(of: server.id, madeSince: since) else { return local.fields }
        var kept = fields
        for name in names { kept[name] = local.fields[name] }
        return kept
    }

    /// Saves `fields` as the whole record, their provenance taken from `local` (the device's side) or the server's.
    private func merge(_ fields: Fields, of local: LocalRecord, into entry: Outbox.Entry, server: RecordVersion,
                       ancestor: RecordVersion?) {
        var local = local
        // The fields are visited in name order, and so is every table read alongside: each is walked once, and each
        // field's time and tally are appended where they belong.
        var times: [NameTable<Int64>.Entry] = []
        var tallies: [NameTable<Tally>.Entry] = []
        times.reserveCapacity(fields.table.entries.count)
        tallies.reserveCapacity(fields.table.entries.count)
        var (localFields, localTallies, localTimes) = (NameTable.Walk(local.fields.table), local.ledger.walk,
                                                       NameTable.Walk(local.fieldTimes))
        var (serverFields, serverTallies, serverTimes) = (NameTable.Walk(server.fields.table), server.ledger.walk,
                                                          NameTable.Walk(server.fieldTimes))
        var ancestorFields = ancestor.map { NameTable.Walk($0.fields.table) }
        var ancestorTallies = ancestor?.ledger.walk
        for (name, value) in fields {
            let localValue = localFields.value(named: name)
            let mine = localValue.map(value.sameValue) ?? false
            let theirs = serverFields.value(named: name).map(value.sameValue) ?? false
            let changedHere = localValue != ancestorFields?.value(named: name)
            let (localTime, serverTime) = (localTimes.value(named: name) ?? local.timestamp,
                                           serverTimes.value(named: name) ?? server.timestamp)
            // Held alike and changed on both sides (both brought the record back over a deletion, say), the field
            // keeps the provenance of the side that changed it last, the one `lww` picks.
            let changedLastThere = mine && theirs && changedHere && serverTime >= localTime
            let tally: Tally?
            if mine && (changedHere || !theirs) && !changedLastThere {
                tally = localTallies.value(named: name)
            } else if theirs {
                tally = serverTallies.value(named: name)
            } else {
                tally = IncrementLedger.combined(localTallies.value(named: name), serverTallies.value(named: name),
                                                 over: ancestorTallies?.value(named: name))
            }
            if let tally { tallies.append(.init(name: name, value: tally)) }
            times.append(.init(name: name, value: max(localTime, serverTime)))
        }
        local.fields = fields
        local.ledger = IncrementLedger(nameOrdered: tallies)
        local.fieldTimes = NameTable(nameOrdered: times)
        local.timestamp = max(local.timestamp, server.timestamp)
        local.serverVersion = server
        local.apply(outbox.pendingIncrements(of: entry.record))
        store[entry.record] = local
        requeue(entry.serial, as: .replace)
    }

    /// Puts a change back in the outbox, to be sent again at once (unless the client cleared it on send).
    private func requeue(_ serial: Int, as kind: Outbox.Entry.Kind) {
        guard client.clearDirty == .onAck else { return }
        outbox.rewrite(serial: serial, as: kind)
        syncAfterResolution()
    }

    /// Sends what a resolution or a decision left in the outbox at once: after the sync under way, or now.
    private func syncAfterResolution() {
        if syncing {
            syncAgain = true
        } else {
            trigger(.resolution)
        }
    }

    /// The user decides the conflict of `record` shown `decideAfter` ago, the `number`th the device showed, if it still
    /// waits: one the user dismissed by deleting the record is gone, and a later one of the record has its own timer.
    func decide(_ record: RecordID, shown number: Int) {
        guard pendingConflicts[record]?.number == number, let pending = pendingConflicts.removeValue(forKey: record) else {
            return
        }
        if !running { launch() }
        port.history.record(UserAction(
            number: port.history.nextActionNumber, time: now, device: id, record: record,
            kind: .decision(pending.choice), applied: true, seenTag: pending.server.changeTag,
            receivedTag: noted[record]?.receivedTag))
        port.history.record(.decided(time: now, device: id, record: record, shownAt: pending.shownAt,
                                     choice: pending.choice))
        let local = store[record]
        switch pending.choice {
        case .keepLocal:
            resendDecided(pending.serial, over: pending.server)
        case .keepServer:
            takeServerSide(pending.serial, for: pending.server, receivedAt: pending.shownAtSerial)
            if outbox.hasWrite(for: record) { syncAfterResolution() }
        case .keepBoth:
            // The device's side is its delete when it was sent before the user re-created the record.
            let edited = outbox.sentDelete(serial: pending.serial) == nil ? local.flatMap { $0.deleted ? nil : $0 } : nil
            if let edited {
                dropLocalChange(pending.serial, for: pending.server)
                createCopy(of: record, type: edited.type, fields: edited.fields)
            } else {
                resendDecided(pending.serial, over: pending.server)
                if !pending.server.deleted {
                    createCopy(of: record, type: pending.server.type, fields: pending.server.fields)
                }
            }
        }
        noteLiveness(of: record)
    }

    /// The user kept the device's side: it is saved whole over the server's version, and the record's increments
    /// wait for the answer.
    private func resendDecided(_ serial: Int, over server: RecordVersion) {
        // Marked first: the resend may start a sync at once.
        outbox.update(serial: serial) { $0.state = .decided }
        resendLocal(serial, over: server)
    }

    /// `keep-both`: the edited version saved as a new record, recorded as the user's create. Its id is the first of
    /// `<record>-copy-<device>`, then `-2`, `-3`, … that the device neither holds nor has received: the device cannot
    /// see the server's records.
    private func createCopy(of record: RecordID, type: String, fields: Fields) {
        var copy = RecordID("\(record)-copy-\(id)")
        var number = 2
        while store[copy] != nil || noted[copy]?.receivedTag != nil {
            copy = RecordID("\(record)-copy-\(id)-\(number)")
            number += 1
        }
        perform(.create(record: copy.name, type: type, fields: fields))
    }
}

extension Conflict {
    /// The same conflict with each timestamp replaced by the true time at which it was taken (where known).
    func inTrueTime(_ trueTimes: [Int64: Int64]) -> Conflict {
        var copy = self
        copy.local = local.inTrueTime(trueTimes)
        copy.server = server.inTrueTime(trueTimes)
        copy.ancestor = ancestor?.inTrueTime(trueTimes)
        return copy
    }
}

extension ConflictSide {
    func inTrueTime(_ trueTimes: [Int64: Int64]) -> ConflictSide {
        ConflictSide(fields: fields, timestamp: trueTimes[timestamp] ?? timestamp,
                     fieldTimes: fieldTimes.mapValues { trueTimes[$0] ?? $0 })
    }

    init(_ version: RecordVersion) {
        self.init(fields: version.deleted ? nil : version.fields, timestamp: version.timestamp,
                  fieldTimes: version.fieldTimes)
    }
}

extension ConflictStamp {
    /// A side's timestamp, with the true time it was taken from `trueSide` (the same side in true time) if known.
    init(_ side: ConflictSide, true trueSide: ConflictSide?) {
        self.init(timestamp: SimDuration(micros: side.timestamp),
                  takenAt: SimDuration(micros: (trueSide ?? side).timestamp), deleted: side.deleted)
    }
}

extension Resolution {
    /// How the History and the report name this resolution.
    var outcome: String {
        switch self {
        case .keepLocal: return "kept the device's version"
        case .keepServer: return "kept the server's version"
        case .merged: return "merged"
        case .askUser: return "shown to the user"
        }
    }
}
