/// How a device takes what the server sends: acknowledgements, conflicts, fetched versions, reconciling.
extension Device {
    /// One item's answer in a modify response, to the outbox entry it was sent for.
    func handle(_ result: ItemResult, of entry: Outbox.Entry) {
        let serial = entry.serial
        let tracked = client.clearDirty == .onAck
        if let code = result.errorCode { port.count(code) }
        switch result {
        case let .saved(version):
            observe(version)
            outbox.remove(serial: serial)
            if case let .increment(field, by, action, _) = entry.kind { settled(field, by: by, action: action, in: version) }
            acknowledge(version, of: entry)
        case .alreadyDeleted:
            outbox.remove(serial: serial)
            if case .delete = entry.kind, !outbox.hasChanges(for: entry.record) {
                store[entry.record] = nil
                mayBeOnServer.remove(entry.record)
            }
        case let .serverRecordChanged(server, ancestor):
            port.count { $0.conflicts += 1 }
            observe(server)
            // The server's current version, received after a full listing under way went past its id: that listing
            // will not list it, and the token it ends with brings what changes there since, so it counts as listed.
            if listing?.hasPassed(server.id) == true { listing?.listed.insert(server.id) }
            // A live version met while an increment of the record sent before is unanswered may count it: the
            // side kept would leave it out as still to come and overwrite that count, which the resend's answer
            // then says is there. The save is settled once the increment is answered (as in `answerOrder`). The
            // version is received all the same: it is set aside for the save, as a fetched one would be, so that a
            // delete the user makes meanwhile is based on it (and on what the device's own increment adds to it).
            if tracked && entry.isSave && !server.deleted && store[entry.record]?.serverVersion != nil
                && outbox.hasUnansweredIncrement(of: entry.record) {
                outbox.rewrite(serial: serial)
                setAsideForWrite(server)
                syncAgain = true
            } else if tracked && outbox.sentDelete(serial: serial) == nil
                        && store[entry.record]?.serverVersion?.changeTag == server.changeTag {
                // The version met is the base of the record's waiting writes already: the device's own increment,
                // answered first in this response, built it on the base this write was sent on. It holds nothing
                // concurrent with the write, which is sent again on it, instead of meeting the device's own increment
                // as a conflict that server-wins settles by dropping the write.
                outbox.rewrite(serial: serial)
                syncAgain = true
            } else {
                resolve(entry, server: server, ancestor: ancestor)
            }
        case .unknownItem:
            if tracked && entry.isIncrement && pendingConflicts[entry.record] != nil {
                // Sent with its record's save, which met a tombstone now shown to the user: the increment waits for
                // the decision, to go on top of whichever side the user keeps (an `on-send` client let it go).
                outbox.markUnsent(serial: serial)
            } else if let tombstone = purgedDeletion(of: entry) {
                port.count { $0.conflicts += 1 }
                resolve(entry, server: tombstone, ancestor: nil)
            } else if tracked && entry.keptOverTombstone != nil && store[entry.record]?.serverVersion == nil {
                // The tombstone the device's side was kept over is gone: purged, or followed by a newer deletion the
                // save must meet as a conflict, not overwrite. A fetch comes first; refused again with no newer
                // tombstone received, the tombstone is taken for purged and the side is saved as a new record
                // (see `Outbox.KeptOverTombstone`). A save based on a live version since (merged over one met after
                // the tombstone, or the base of a delete the user made meanwhile) is not sent on the tombstone's tag,
                // nor as a new record once it is taken for purged: refused, its record is gone, as for any save.
                // So is one of a record a full listing left out (`unlisted`) since the side was kept: no listing shows
                // a tombstone, so a newer deletion made before it would never arrive, and taking the tombstone for
                // purged would bring the record back over that deletion (see `dropKeptSide`).
                if unlisted.contains(entry.record) {
                    dropKeptSide(serial, of: entry.record)
                } else {
                    outbox.update(serial: serial) { [fetchesFinished] in $0.keptOverTombstone?.refused(fetches: fetchesFinished) }
                    outbox.markUnsent(serial: serial)
                    syncAgain = true
                }
            } else {
                outbox.remove(serial: serial)
                if entry.isIncrement { outbox.handToSaveKeptOverTombstone(entry.actions, of: entry.record) }
                recordGoneFromServer(entry, tracked: tracked)
            }
        case .batchRequestFailed:
            outbox.markUnsent(serial: serial)
            if tracked { syncAgain = true }
        }
        noteLiveness(of: entry.record)
    }

    /// The order in which the device takes a modify response's answers, as indices into `results` (and `sent`, the
    /// entries they answer): the response's own, except that an increment answered by a version no newer than the
    /// one a save or delete of its record met as a conflict goes before that conflict. Such an answer repeats a
    /// commit whose answer was lost, so the version the conflict shows counts the increment already: the device must
    /// know before it settles the conflict, or the side it keeps leaves the increment out as still to come, and
    /// saving that side over the server's count loses it. So does an increment sent before this request and answered
    /// `batchRequestFailed` (the conflict failed the atomic batch): put back unanswered first, it makes the save wait
    /// for its answer (see `handle`), as the version met may count it from an earlier send whose answer was lost.
    func answerOrder(_ sent: [Outbox.Entry], _ results: [ItemResult]) -> [Int] {
        let answered = min(sent.count, results.count)
        var movedAhead = Set<Int>()
        var order: [Int] = []
        order.reserveCapacity(answered)
        for index in 0..<answered where !movedAhead.contains(index) {
            if case let .serverRecordChanged(server, _) = results[index] {
                for later in index + 1..<answered
                where sent[later].isIncrement && sent[later].record == sent[index].record {
                    switch results[later] {
                    case let .saved(version) where version.changeTag <= server.changeTag: break
                    case .batchRequestFailed where sent[later].sends > 0 && !server.deleted: break
                    default: continue
                    }
                    movedAhead.insert(later)
                    order.append(later)
                }
            }
            order.append(index)
        }
        return order
    }

    /// An increment acknowledged by a version no newer than the one the device shows its record on: that version
    /// already counts it, so the device stops adding it on top.
    private func settled(_ field: String, by: Double, action: Int, in version: RecordVersion) {
        guard var local = store[version.id], let base = local.serverVersion, base.changeTag >= version.changeTag else { return }
        local.apply([(field, by, action)], sign: -1)
        store[version.id] = local
    }

    /// The server committed a change of ours: the version is the new base, and the record is synced if nothing waits.
    /// A tombstone never becomes the base of a save still waiting (a re-create is saved as a new record), nor does
    /// an increment's version built on another base than the waiting write's: it may carry other devices'
    /// changes that the waiting write must meet as a conflict, so it is set aside for it (a write with no base saves
    /// the record whole as a new one). An increment's version no newer than that base is counted there already (see
    /// `settled`). An acknowledgement older than a version received meanwhile (the answer to a resend repeats the
    /// first commit) gives way to that newer version, built on it. A change written after a full listing under way
    /// began, and answered once the listing has gone past the record's id, counts the record as listed: the listing
    /// will not list it, and the token it ends with brings what changed there since it began. The answer to a change
    /// written before may be older than a deletion that no fetch would bring: the record is kept all the same (it may
    /// be a commit the device just made, which a create of the same id must be based on), and the device lists again.
    private func acknowledge(_ version: RecordVersion, of entry: Outbox.Entry) {
        mayBeOnServer.remove(version.id)
        if entry.isSave {
            recreatedOver[version.id] = nil
            if !deletionsTaken.isEmpty { deletionsTaken[version.id] = nil }
        } else if version.deleted && recreatedOver[version.id] != nil {
            // The delete sent before the user re-created the record committed: the re-created record comes after this
            // deletion, and so does any live version it meets, brought back over it (a side kept over the tombstone,
            // which the version the delete removed is no ancestor of): both sides brought the record back.
            recreatedOver[version.id] = version
        }
        guard var local = store[version.id] else { return }
        if outbox.hasChanges(for: version.id) {
            if case let .increment(field, by, action, _) = entry.kind, outbox.hasWrite(for: version.id),
               version.incrementedFrom != local.serverVersion?.changeTag {
                // With no base, the waiting write saves the record whole as a new one (a create, or a re-create
                // over a deletion), the increment in it: the increment's version is no base for it. The device
                // still holds no change tag of the record the server has, so deleting it must reach the server.
                if local.serverVersion == nil { mayBeOnServer.insert(version.id) }
                if let base = local.serverVersion?.changeTag, version.changeTag > base,
                   let from = version.incrementedFrom {
                    let previous = countedAboveBase[version.id]
                    var counted = previous.flatMap { $0.base == base ? $0.increments : nil } ?? []
                    counted.append((field, by, action))
                    let builtOn = previous.flatMap { $0.built.tag == from ? $0.built.on : nil } ?? from
                    countedAboveBase[version.id] = (base, counted, (version.changeTag, builtOn))
                    setAsideForWrite(version)
                }
            } else if !version.deleted, version.changeTag > local.serverVersion?.changeTag ?? -1 {
                if outbox.hasWrite(for: version.id) {
                    local.serverVersion = version
                    // The device's own increments answered before this (resent first, the answers repeating their
                    // first commits) were built on this version: the base moves under them, and they stay counted
                    // above it, as they would have been had this answer come first.
                    if countedAboveBase[version.id]?.built.on == version.changeTag {
                        countedAboveBase[version.id]?.base = version.changeTag
                    }
                } else {
                    // Only increments wait: the device shows the version with them on top, as it shows a fetched
                    // one, for it may carry other devices' changes the record as shown lacks. The record keeps the
                    // times of its changes, the increments' among them.
                    let increments = outbox.pendingIncrements(of: version.id)
                    var shown = LocalRecord(version)
                    shown.apply(increments)
                    shown.timestamp = local.timestamp
                    for (field, _, _) in increments { shown.fieldTimes[field] = local.fieldTimes[field] }
                    local = shown
                }
            }
            store[version.id] = local
            if !entry.isIncrement {
                rebaseOntoSetAside(version.id, above: version)
            } else if local.serverVersion?.changeTag == version.changeTag {
                // The increment's answer is now the waiting writes' base: a version set aside that only the device's
                // own increments built on it holds nothing they lack either.
                rebaseOntoSetAside(version.id, above: version, ownIncrementsOnly: true)
            }
            return
        }
        // The newest of the answer and the versions received before it, the one set aside first on a tie.
        var newest = version
        if !setAside.isEmpty, let aside = setAside.removeValue(forKey: version.id)?.version,
           aside.changeTag > newest.changeTag {
            newest = aside
        }
        if let held = local.serverVersion, held.changeTag > newest.changeTag { newest = held }
        store[version.id] = newest.deleted ? nil : LocalRecord(newest)
        if newest.deleted { deletionsTaken[version.id] = newest }
        if !newest.deleted, listing?.hasPassed(version.id) == true, listing?.listed.contains(version.id) == false {
            // Kept either way: the device has just received the version. Written before the listing began, the change
            // may be answered with a commit older than a deletion the listing does not show: list again to know.
            listing?.listed.insert(version.id)
            if entry.serial < listing!.firstSerial { listing?.relists = true }
        }
        if unlisted.remove(version.id) != nil {
            // A listing left the record out, and the answer may predate its deletion: list again to know.
            token = nil
            syncAgain = true
        }
    }

    /// A version received while a save or delete of its record waits (fetched, or an increment's answer) is set aside
    /// for that write to meet: writes made since are changes on top of it. One built by an increment alone on the
    /// version set aside before holds nothing else new, so it counts as known as early as that one: the writes made
    /// since that one arrived are on top of it too, and a merge must keep them over it, not take a value equal to the
    /// ancestor's for unchanged.
    /// A version set aside before, with writes made since it arrived, stays among the `earlier` ones: those writes are
    /// on top of it, and only concurrent with the newer one.
    func setAsideForWrite(_ version: RecordVersion) {
        let previous = setAside[version.id]
        guard version.changeTag > previous?.version.changeTag ?? -1 else { return }
        let since = arrivalSerial(of: version)
        var earlier = previous?.earlier ?? []
        if let previous, since == nil, outbox.hasWrite(for: version.id, madeSince: previous.nextSerial) {
            earlier.append((previous.version, previous.nextSerial))
        }
        setAside[version.id] = SetAside(version: version, nextSerial: since ?? outbox.nextSerial, earlier: earlier)
    }

    /// The outbox serial from which writes were made after the device received `version`: when it was set aside, or
    /// when the version set aside was, if `version` is that one with an increment added and nothing else changed.
    /// Nil if the device has not received it (or such a predecessor) while a write of the record waited.
    /// One that the device's own increments alone built on a version set aside, the newest or an earlier one (see
    /// `countedAboveBase`), holds nothing the user lacked once that one arrived, so it counts as known from then.
    func arrivalSerial(of version: RecordVersion) -> Int? {
        guard let aside = setAside[version.id] else { return nil }
        if let built = countedAboveBase[version.id]?.built, built.tag == version.changeTag,
           let arrival = aside.arrivals.first(where: { $0.version.changeTag == built.on }) {
            return arrival.nextSerial
        }
        guard aside.version.changeTag == version.changeTag || aside.version.changeTag == version.incrementedFrom
        else { return nil }
        return aside.nextSerial
    }

    /// The save or delete a version was set aside for is acknowledged by an older version (the answer to a resend
    /// repeats its first commit), so that version is built on it and it has nothing to meet there. When every write
    /// still waiting was made after the version arrived, none is concurrent with it either: the device takes it as
    /// its base, as it would have had it taken the version on receipt (see `rebase(_:_:onto:)`). A write made before
    /// it arrived still meets it as a conflict. A tombstone taken so leaves nothing to build on: the user went on
    /// changing the record, still shown live, after the deletion arrived, so the record is re-created (see
    /// `recreate(_:_:over:action:)`); changes all made before the deletion arrived are concurrent with it: they are
    /// left to meet the tombstone on the server (an increment the user makes while they wait re-creates the record
    /// once the tombstone refuses them, see `recordGoneFromServer`; an edit re-creates it at once, see `edit`). A
    /// version the device's own increments alone built on the acknowledged one holds nothing the device lacked:
    /// every write still waiting is taken as made on it. That holds too when the answer acknowledges an increment (the answer to
    /// its resend repeating its first commit) and becomes the waiting writes' base (`ownIncrementsOnly`): left on it,
    /// they would meet the device's own increments as a conflict, which server-wins settles by dropping them.
    /// Versions set aside that are all older than the acknowledgement are done with: the device's own commit came
    /// after them (a side kept over a tombstone, saved over it), so they are dropped. A tombstone among them, left
    /// set aside, would pass a later refusal (`unknownItem`) for that deletion, which the commit undid, and a change
    /// made after it arrived would re-create the record over a newer deletion the device never received.
    private func rebaseOntoSetAside(_ id: RecordID, above acknowledged: RecordVersion, ownIncrementsOnly: Bool = false) {
        guard let aside = setAside[id], let local = store[id] else { return }
        guard aside.version.changeTag > acknowledged.changeTag else {
            setAside[id] = nil
            return
        }
        let builtOnAcknowledged = (tag: aside.version.changeTag, on: acknowledged.changeTag)
        let ownIncrementsOnTop = countedAboveBase[id].map { $0.built == builtOnAcknowledged } ?? false
        guard !ownIncrementsOnly || ownIncrementsOnTop else { return }
        guard ownIncrementsOnTop || outbox.writes(of: id, madeSince: aside.nextSerial) else {
            return rebaseOntoEarlier(id, local, aside, above: acknowledged)
        }
        guard aside.version.deleted else { return rebase(id, local, onto: aside.version) }
        if !local.deleted && outbox.hasChanges(for: id, madeSince: aside.nextSerial) {
            recreate(id, local, over: aside.version)
        }
    }

    /// Some writes still waiting were made before the newest version set aside arrived, but all after an earlier live
    /// one newer than the acknowledgement: they are changes on top of that version, which the device had received
    /// when the user made them, so it becomes their base, and they meet only the newer version, still set aside, as
    /// a conflict. Left on the acknowledged version, a write saving the whole record would meet the newer version
    /// without what the earlier one brought, and a side kept whole would throw that away.
    private func rebaseOntoEarlier(_ id: RecordID, _ local: LocalRecord, _ aside: SetAside,
                                   above acknowledged: RecordVersion) {
        guard let index = aside.earlier.lastIndex(where: { outbox.writes(of: id, madeSince: $0.nextSerial) }),
              case let base = aside.earlier[index].version, !base.deleted, base.changeTag > acknowledged.changeTag
        else { return }
        rebase(id, local, onto: base)
        setAside[id] = SetAside(version: aside.version, nextSerial: aside.nextSerial,
                                earlier: Array(aside.earlier[(index + 1)...]))
    }

    /// Makes a live version the base of the record's waiting writes, all made after the device received it: the
    /// fields those writes save are kept over it, the others taken from it, the waiting increments on top. A local
    /// delete is based on it.
    func rebase(_ id: RecordID, _ local: LocalRecord, onto version: RecordVersion) {
        var local = local
        setAside[id] = nil
        guard !local.deleted else {
            local.serverVersion = version
            store[id] = local
            return
        }
        let increments = outbox.pendingIncrements(of: id)
        local.apply(increments, sign: -1)
        var rebased = LocalRecord(version)
        if let names = outbox.fieldsSaved(of: id) {
            for name in names {
                rebased.fields[name] = local.fields[name]
                rebased.ledger.take(name, from: local.ledger)
                rebased.fieldTimes[name] = local.fieldTimes[name]
            }
        } else {
            rebased.fields = local.fields
            rebased.ledger = local.ledger
            rebased.fieldTimes = local.fieldTimes
        }
        rebased.timestamp = local.timestamp
        rebased.apply(increments)
        store[id] = rebased
    }

    /// Writes made after a tombstone arrived, on the record still shown live: they come after the deletion, so no
    /// strategy has to choose between them. The record is saved whole, as a create over a deleted record would be,
    /// with its waiting increments on top; sent on the old base, they would be refused (`unknownItem`) and lost. It
    /// is saved on the tombstone's tag, as a side kept over it: a newer deletion the device never received is met as
    /// a conflict, not overwritten. `action` is the user's edit that re-creates it, if one does.
    func recreate(_ id: RecordID, _ local: LocalRecord, over tombstone: RecordVersion, action: Int? = nil) {
        var local = local
        setAside[id] = nil
        local.serverVersion = nil
        store[id] = local
        let serial = outbox.add(.replace, record: id, action: action)
        keep(serial, over: tombstone)
    }

    /// The change numbered `serial` is a side kept over `tombstone`, sent on its tag. A listing that left the record
    /// out before the tombstone arrived hides no deletion newer than it: those come with fetches since the token.
    func keep(_ serial: Int, over tombstone: RecordVersion) {
        outbox.update(serial: serial) { $0.keptOverTombstone = .init(tag: tombstone.changeTag) }
        unlisted.remove(tombstone.id)
    }

    /// A side kept over a tombstone, refused on its tag after a full listing left the record out: a deletion newer
    /// than the tombstone may be hidden for good, so the record is taken as deleted, with every change of it still
    /// waiting. Those were all made before that deletion could arrive; saved without a change tag, a later edit would
    /// bring the record back over it.
    private func dropKeptSide(_ serial: Int, of record: RecordID) {
        outbox.remove(serial: serial)
        outbox.removeWaiting(for: record) { _ in true }
        store[record] = nil
        setAside[record] = nil
        unlisted.remove(record)
    }

    /// The tombstone a correct client received for the record of a save answered `unknownItem`: the deletion it
    /// already knew of, purged since, which the save meets as it would have met the tombstone (a conflict), unless
    /// the save is of a side already kept over it. A side kept over a tombstone taken for purged is sent on that
    /// tombstone's tag while such a deletion waits, to meet it so (see `item(for:)`).
    func purgedDeletion(of entry: Outbox.Entry) -> RecordVersion? {
        guard entry.isSave, client.onUnknownItem == .deleteLocal, client.clearDirty == .onAck,
              let tombstone = setAside[entry.record]?.version, tombstone.deleted,
              tombstone.changeTag > entry.keptOverTombstone?.tag ?? -1 else { return nil }
        return tombstone
    }

    /// The server no longer has the record a save or an increment was based on (`unknownItem`): the record is
    /// removed locally with its waiting changes, unless a later save or delete of it waits to meet the server; a
    /// `reupload` client sends a save again as a new record instead. When the device received the deletion (a
    /// tombstone still set aside) and the user changed the record, still shown live, after it arrived (this change
    /// or one still waiting), that change comes after the deletion: the record is re-created as shown instead.
    private func recordGoneFromServer(_ entry: Outbox.Entry, tracked: Bool) {
        guard var local = store[entry.record] else { return }
        if entry.isSave, client.onUnknownItem == .reupload && tracked {
            local.serverVersion = nil
            store[entry.record] = local
            outbox.add(.replace, record: entry.record, action: nil)
            syncAgain = true
        } else if !outbox.hasWrite(for: entry.record) {
            if tracked, let aside = setAside[entry.record], aside.version.deleted,
               entry.serial >= aside.nextSerial || outbox.hasChanges(for: entry.record, madeSince: aside.nextSerial) {
                recreate(entry.record, local, over: aside.version)
            } else {
                outbox.removeWaiting(for: entry.record) { _ in true }
                store[entry.record] = nil
            }
        }
    }

    /// Takes a version the server sent, unless a pending save or delete of the record must meet it first
    /// (`overriding` after a conflict the server's side won). Pending increments are re-applied on top.
    func take(_ version: RecordVersion, overriding: Bool = false) {
        if !overriding && outbox.hasWrite(for: version.id) {
            observe(version)
            setAsideForWrite(version)
            noteLiveness(of: version.id)
            return
        }
        if !setAside.isEmpty { setAside[version.id] = nil }
        if version.deleted {
            outbox.removeWaiting(for: version.id) { _ in true }
            store[version.id] = nil
            deletionsTaken[version.id] = version
            observe(version, stored: nil)
            return
        }
        if !deletionsTaken.isEmpty { deletionsTaken[version.id] = nil }
        store[version.id] = LocalRecord(version)
        let increments = outbox.pendingIncrements(of: version.id)
        if !increments.isEmpty { store[version.id]!.apply(increments) }
        observe(version, stored: true)
    }

    /// After a full refetch: what the server did not return and has no pending change is removed, or, with
    /// `reconcileOnRefetch: false`, kept and queued to be created again.
    /// A record left out but kept for its pending changes is remembered as unlisted.
    func reconcile(returned: Set<RecordID>) {
        // One walk of the store finds the records left out, those with changes waiting and the others.
        var leftOut: [RecordID] = []
        for record in store.keys where !returned.contains(record) {
            if !outbox.hasChanges(for: record) {
                leftOut.append(record)
            } else if client.reconcileOnRefetch {
                unlisted.insert(record)
            }
        }
        // Only the few left out are sorted (into a fixed order for the History), not the whole store.
        for record in leftOut.sorted() {
            if client.reconcileOnRefetch {
                store[record] = nil
            } else {
                store[record]?.serverVersion = nil
                outbox.add(.replace, record: record, action: nil)
                syncAgain = true
            }
            noteLiveness(of: record)
        }
    }
}
