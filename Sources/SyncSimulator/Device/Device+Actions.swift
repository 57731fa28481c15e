/// The user's actions and the app lifecycle steps on a device.
extension Device {
    /// Applies a user action, records it in the History and queues its change.
    func perform(_ action: StepAction) {
        if !running { launch() }
        let number = port.history.nextActionNumber
        var applied = true
        let record: RecordID
        let kind: UserAction.Kind
        let seenTag: Int?
        switch action {
        case let .create(id, type, fields):
            (record, kind) = (port.recordID(named: id), .create(fields: fields))
            seenTag = store[record]?.serverVersion?.changeTag
            create(record, type: type, fields: fields, action: number)
        case let .edit(id, set, unset):
            (record, kind) = (port.recordID(named: id), .edit(set: set, unset: unset))
            seenTag = store[record]?.serverVersion?.changeTag
            applied = edit(record, set: set, unset: unset, action: number)
        case let .delete(id):
            (record, kind) = (port.recordID(named: id), .delete)
            seenTag = store[record]?.serverVersion?.changeTag
            applied = delete(record, action: number)
        case let .increment(id, field, by):
            (record, kind) = (port.recordID(named: id), .increment(field: field, by: by))
            seenTag = store[record]?.serverVersion?.changeTag
            applied = increment(record, field: field, by: by, action: number)
        default:
            return
        }
        port.count { $0.userActions += 1 }
        port.history.record(UserAction(number: number, time: now, device: id, record: record, kind: kind,
                                       applied: applied, seenTag: seenTag, receivedTag: noted[record]?.receivedTag))
        noteLiveness(of: record)
        if applied { scheduleAfterEdit() }
    }

    /// A create over a live record replaces it (a save based on its change tag); over a deleted one it is a new
    /// record, saved without a change tag, so it re-creates the record whether or not the tombstone is still there,
    /// unless no delete of it was ever sent: folded into the one never sent, the create replaces the live record the
    /// server still has.
    /// A delete already sent goes first, as it was sent: on its own base and timestamp, kept with it.
    /// Made without a change token (after a reset or a lost token, before a full listing ends), it may be a record
    /// the server has that the device has not fetched yet: deleting it must reach the server too.
    private func create(_ record: RecordID, type: String, fields: Fields, action: Int) {
        if store[record]?.deleted == true && store[record]?.serverVersion != nil || token == nil {
            mayBeOnServer.insert(record)
        }
        // Replacing every field, a create over a live record is based on the newest version the device received,
        // even one set aside for a change still waiting: nothing of that version is kept, so nothing needs merging.
        // When that version is a tombstone, the create comes after the deletion: it is a new record.
        let existing = store[record]
        let replacesUnsentDelete = existing?.deleted == true && outbox.foldsIntoUnsentDelete(record)
        if let existing, existing.deleted && !replacesUnsentDelete {
            outbox.keepSentDelete(of: record, .init(baseTag: existing.serverVersion?.changeTag,
                                                    timestamp: existing.timestamp))
        }
        let aside = setAside[record]?.version
        // Re-created over a delete already sent, the record's common ancestor with the server's version is the newest
        // live version the device received: one set aside for the delete since holds changes the user made the
        // create after, which a merge against the deleted version would take for concurrent and keep over it.
        recreatedOver[record] = existing.flatMap { deleted in
            guard deleted.deleted && !replacesUnsentDelete else { return nil }
            guard let aside, !aside.deleted, aside.changeTag > deleted.serverVersion?.changeTag ?? -1 else {
                return deleted.serverVersion
            }
            return aside
        } ?? deletionsTaken[record]
        let base = existing.flatMap { $0.deleted && !replacesUnsentDelete ? nil : $0.serverVersion }
        // A record replaced with no server version and no delete sent before waiting is the device's own create, never
        // answered: the newest version received, set aside for it, came before this create, which is based on it too.
        let ownCreate = base == nil && existing.map { !$0.deleted || replacesUnsentDelete } == true
            && !outbox.hasSentDelete(of: record)
        let newest = aside.flatMap { $0.changeTag > base?.changeTag ?? .max ? $0 : nil }
            ?? aside.flatMap { ownCreate && $0.changeTag >= noted[record]?.receivedTag ?? -1 ? $0 : nil }
        var local = LocalRecord(type: type, fields: fields, ledger: IncrementLedger(writing: fields, by: action),
                                timestamp: stamp(), serverVersion: newest.map { $0.deleted ? nil : $0 } ?? base)
        local.fieldTimes = fields.table.mapValues { [timestamp = local.timestamp] _ in timestamp }
        store[record] = local
        // An increment sent before stays: it may have been committed, and the create waits for its answer.
        outbox.removeWaiting(for: record) { $0.isIncrement && $0.sends == 0 }
        // Made after a version set aside arrived, the create is no change of the write never sent before it: it takes
        // that write's place as a change made since, so an older answer to a change sent before cannot become its base.
        outbox.add(.replace, record: record, action: action, foldingFrom: setAside[record]?.nextSerial ?? 0)
    }

    private func edit(_ record: RecordID, set: Fields, unset: [String], action: Int) -> Bool {
        // Changed where it is stored: a copy taken out and put back would copy its tables on their first change.
        guard let index = store.index(forKey: record), !store.values[index].deleted else { return false }
        let changed = FieldNames(of: set).union(unset)
        let timestamp = stamp()
        func change(_ local: inout LocalRecord) {
            for (name, value) in set { local.fields[name] = value }
            local.ledger.write(set, by: action)
            for name in unset {
                local.fields[name] = nil
                local.ledger.take(name, from: IncrementLedger())
            }
            local.timestamp = timestamp
            for name in changed { local.fieldTimes[name] = timestamp }
        }
        change(&store.values[index])
        if let aside = setAside[record]?.version, aside.deleted, !outbox.hasWrite(for: record) {
            // The deletion arrived, set aside for changes made before it that wait alone now (increments, left to
            // meet it on the server): the edit comes after it, on the record still shown live, so it re-creates the
            // record. Based on the version shown, it would meet the tombstone as a conflict server-wins settles by
            // dropping it.
            recreate(record, store.values[index], over: aside, action: action)
            return true
        }
        // Made after a version set aside arrived, the edit is no change concurrent with it: it stays apart from a save
        // made before, to be kept over that version whichever side of their conflict wins.
        outbox.add(.save(changed: changed), record: record, action: action,
                   foldingFrom: setAside[record]?.nextSerial ?? 0)
        return true
    }

    private func delete(_ record: RecordID, action: Int) -> Bool {
        guard var local = store[record], !local.deleted else { return false }
        let timestamp = stamp()
        // A change sent and not answered may have been committed: it is resent, for the delete to go on its version.
        outbox.removeWaiting(for: record) { !$0.mayBeCommittedUnanswered }
        // The change a conflict shown to the user was about went with the record: there is nothing left to decide.
        pendingConflicts[record] = nil
        if client.deletes == .hard {
            store[record] = nil
            if let base = local.serverVersion, canSync {
                // The one request of a hard delete: neither queued nor retried.
                let item = ModifyItem(recordID: record, operation: .delete, baseTag: base.changeTag,
                                      timestamp: timestamp, idempotencyKey: nil, actions: IntList(action))
                port.sendWithoutWaiting(.modify([item]))
            }
            return true
        }
        if let aside = setAside[record]?.version, !aside.deleted,
           aside.changeTag > local.serverVersion?.changeTag ?? -1 {
            // A newer version than the device's change was based on arrived, set aside for that change to meet (or a
            // record of that id from elsewhere, where the device's own create never reached the server): the user
            // deletes it too, having received it, so the delete is based on it.
            local.serverVersion = aside
        }
        if local.serverVersion == nil && !outbox.hasChanges(for: record) && !mayBeOnServer.contains(record) {
            store[record] = nil
            return true
        }
        local.deleted = true
        local.timestamp = timestamp
        store[record] = local
        outbox.add(.delete, record: record, action: action)
        return true
    }

    private func increment(_ record: RecordID, field: String, by: Double, action: Int) -> Bool {
        guard let index = store.index(forKey: record), !store.values[index].deleted else { return false }
        let timestamp = stamp()
        func change(_ local: inout LocalRecord) {
            local.fields.add(by, to: field)
            local.ledger.add(action, to: field)
            local.timestamp = timestamp
            local.fieldTimes[field] = timestamp
        }
        change(&store.values[index])
        outbox.add(.increment(field: field, by: by, action: action, timestamp: timestamp), record: record, action: action)
        return true
    }

    // MARK: lifecycle

    func goOffline() { port.isOffline = true }

    func goOnline() {
        port.isOffline = false
        trigger(.online)
    }

    func kill() {
        running = false
        forgetRunningState()
    }

    func launch() {
        running = true
        foreground = true
        trigger(.launch)
    }

    func enterForeground() {
        foreground = true
        if config.sync.onForeground { trigger(.foreground) }
    }

    func enterBackground() { foreground = false }

    func loseToken() { token = nil }

    /// Reinstalls the app: the store, outbox and token are wiped, and with them what it knew of the server's versions
    /// (a change made after it is based on nothing received before); it downloads everything again.
    func reset() {
        port.history.record(.reset(time: now, device: id, wiped: outbox.actions))
        store = [:]
        outbox.removeAll()
        pendingConflicts = [:]
        token = nil
        noted = [:]
        setAside = [:]
        countedAboveBase = [:]
        recreatedOver = [:]
        deletionsTaken = [:]
        unlisted = []
        mayBeOnServer = []
        forgetRunningState()
        running = true
        foreground = true
        trigger(.launch)
    }

    /// Settle: the app runs in the foreground online, waiting retries are cancelled, and it syncs at once.
    func beginSettle() {
        running = true
        foreground = true
        retryGeneration += 1
        retryScheduled = false
        retryAttempt = 0
        trigger(.settle)
    }

    /// What an app loses when its process ends: the request it waited for and its timers.
    private func forgetRunningState() {
        waiting = nil
        syncing = false
        syncAgain = false
        listing = nil
        outbox.clearInFlight()
        retryGeneration += 1
        retryScheduled = false
        afterEditGeneration += 1
    }

    private func scheduleAfterEdit() {
        afterEditGeneration += 1
        port.schedule(.afterEdit, after: config.sync.afterEdit, generation: afterEditGeneration)
    }
}
