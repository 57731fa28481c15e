/// The sync cycle: triggers, sending the outbox in batches, fetching pages since the token, retries.
extension Device {
    /// Why a sync was asked for.
    enum Trigger { case interval, afterEdit, online, launch, foreground, step, settle, push, retry, resolution }

    func trigger(_ reason: Trigger) {
        guard canSync else { return }
        if !foreground, ![.interval, .push, .retry, .settle, .resolution].contains(reason) { return }
        if syncing {
            syncAgain = true
            return
        }
        port.count { $0.syncs += 1 }
        syncing = true
        syncFailed = false
        triedThisSync.removeAll(keepingCapacity: true)
        sendNextBatch()
    }

    private func sendNextBatch() {
        let batch = outbox.nextBatch(limit: batchSize, skipping: triedThisSync, new: { store[$0]?.serverVersion == nil },
                                     tombstoneSince: { id in
                                         setAside.isEmpty ? nil
                                             : setAside[id].flatMap { $0.version.deleted ? $0.nextSerial : nil }
                                     })
        guard !batch.isEmpty else { return fetchNextPage() }
        // Every item is read from the store and the outbox before any entry is marked sent (or, `on-send`, removed).
        var items: [ModifyItem] = []
        items.reserveCapacity(batch.count)
        batch.withUnsafeBufferPointer { batch in
            for index in batch.indices {
                let (sent, isNew) = item(for: batch.inPlace(index))
                if isNew { mayBeOnServer.insert(sent.recordID) }
                items.append(sent)
            }
        }
        for index in batch.indices {
            let serial = batch[index].serial
            triedThisSync.insert(SerialKey(serial))
            if client.clearDirty == .onSend {
                outbox.remove(serial: serial)
            } else {
                outbox.update(serial: serial) { sent in
                    sent.state.send()
                    sent.sends += 1
                    sent.sentSinceWritten = true
                }
            }
        }
        waiting = (port.send(.modify(items, atomic: port.serverConfig.atomicBatches)), .send(batch))
    }

    /// The wire form of the outbox entry at `entry`, read from the local store as it is now, and whether the store
    /// holds no server version of its record (the record may be new to the server).
    private func item(for entry: UnsafePointer<Outbox.Entry>) -> (item: ModifyItem, isNew: Bool) {
        let record = entry.pointee.record
        let local = store[record]
        var baseTag = local?.serverVersion?.changeTag
        var timestamp = local?.timestamp ?? 0
        let operation: ModifyItem.Operation
        switch entry.pointee.kind {
        case .delete:
            operation = .delete
            if let sent = entry.pointee.sentDelete { (baseTag, timestamp) = (sent.baseTag, sent.timestamp) }
        case let .increment(field, by, action, stamp):
            operation = .increment(field: field, by: by, action: action)
            baseTag = nil
            timestamp = stamp
        case let .save(changed):
            operation = local.map { save($0, of: record, changed: changed) } ?? .delete
        case .replace:
            operation = local.map { save($0, of: record, changed: nil) } ?? .delete
        }
        // A side kept over a tombstone taken for purged goes as a new record, unless a newer deletion arrived
        // since: sent on the old tag then, it meets that deletion as a conflict (refused, see `purgedDeletion`).
        if entry.pointee.isSave && baseTag == nil, let kept = entry.pointee.keptOverTombstone,
           kept.standing != .purged || purgedDeletion(of: entry.pointee) != nil {
            baseTag = kept.tag
        }
        let item = ModifyItem(recordID: record, operation: operation, baseTag: baseTag, timestamp: timestamp,
                              idempotencyKey: client.idempotencyKeys ? entry.pointee.serial : nil,
                              actions: entry.pointee.actions)
        return (item, local?.serverVersion == nil)
    }

    /// The save of `local` as sent, without the increments still waiting (they travel as operations): of the fields
    /// named in `changed`, or of the whole record when nil.
    private func save(_ local: LocalRecord, of record: RecordID, changed: FieldNames?) -> ModifyItem.Operation {
        let increments = outbox.pendingIncrements(of: record)
        // Mostly none wait: the record is sent as stored, without copying it first.
        var sent: LocalRecord?
        if !increments.isEmpty {
            sent = local
            sent?.apply(increments, sign: -1)
        }
        return .save(type: local.type, fields: sent?.fields ?? local.fields, changed: changed ?? [],
                     replace: changed == nil, ledger: sent?.ledger ?? local.ledger, fieldTimes: local.fieldTimes)
    }

    /// Fetches the next page: since the token, or without one the next page of the full listing under way (its
    /// first page when none is). A listing whose first page failed has listed nothing: asked again, that page begins
    /// a new listing at the server, at its position then, so the listing begins anew here too.
    func fetchNextPage() {
        if token == nil && listing?.cursor == nil {
            listing = Listing(firstSerial: outbox.nextSerial)
            // A listing mostly lists what the store holds: room for that at once, not grown step by step.
            listing?.listed.reserveCapacity(store.count)
        }
        let request = listing?.cursor.map(Request.fetchListing) ?? .fetch(token)
        waiting = (port.send(request), .fetch)
    }

    /// A response to a request of the sync cycle (others, answered after a kill or a timeout, are ignored).
    func receive(_ response: Response, for request: Int) {
        guard let (expected, purpose) = waiting, expected == request else { return }
        waiting = nil
        if case let .failed(code, _) = response { port.count(code) }
        switch (purpose, response) {
        case let (.send(sent), .modified(results)):
            // A failed item makes a non-atomic answer a partialFailure; an atomic answer counts only its items' errors.
            if !port.serverConfig.atomicBatches && results.contains(where: \.isFailure) {
                port.count(.partialFailure)
            }
            for index in answerOrder(sent, results) { handle(results[index], of: sent[index]) }
            sendNextBatch()
        case let (.send(sent), .failed(.limitExceeded, _)):
            batchSize = max(1, sent.count / 2)
            // Only serials are read: a loop over the changes themselves copied each one.
            for index in sent.indices {
                outbox.markUnsent(serial: sent[index].serial)
                triedThisSync.remove(SerialKey(sent[index].serial))
            }
            sendNextBatch()
        case let (.send(sent), .failed(code, retryAfter)):
            let dropped = client.onRateLimit == .drop && (code == .requestRateLimited || code == .serviceUnavailable)
            for index in sent.indices {
                if dropped {
                    outbox.remove(serial: sent[index].serial)
                } else {
                    outbox.markUnsent(serial: sent[index].serial)
                }
            }
            failed(retryAfter: retryAfter)
            fetchNextPage()
        case let (.fetch, .fetched(page)):
            apply(page)
        case (.fetch, .failed(.changeTokenExpired, _)) where client.onTokenExpired == .refetch && token != nil:
            token = nil
            fetchNextPage()
        case let (.fetch, .failed(_, retryAfter)):
            failed(retryAfter: retryAfter)
            finishSync()
        default:
            break
        }
    }

    /// The device gave a request up after `timeout`.
    func timedOut(_ request: Int) -> Bool {
        guard waiting?.request == request else { return false }
        port.count { $0.timeouts += 1 }
        receive(.failed(.networkTimeout, retryAfter: nil), for: request)
        return true
    }

    private func apply(_ page: FetchPage) {
        for version in page.versions {
            listing?.listed.insert(version.id)
            take(version)
        }
        switch page.next {
        case let .moreChanges(next):
            token = next
            return fetchNextPage()
        case let .moreListing(cursor):
            listing?.cursor = cursor
            return fetchNextPage()
        case let .done(next):
            token = next
            fetchesFinished += 1
        }
        if let finished = listing {
            listing = nil
            reconcile(returned: finished.listed)
            if finished.relists {
                token = nil
                syncAgain = true
            }
        }
        port.noteFetched(commitCount: page.commitCount)
        finishSync()
    }

    private func finishSync() {
        syncing = false
        lastSyncCompletedAt = now
        if !syncFailed { retryAttempt = 0 }
        if syncAgain {
            syncAgain = false
            trigger(.resolution)
        }
    }

    /// Schedules one retry after the backoff (full jitter), or after the server's hint plus a jitter of up to
    /// `retry.base` when the client honours hints (every `onRateLimit` but `backoff`).
    private func failed(retryAfter hint: SimDuration?) {
        syncFailed = true
        guard !retryScheduled else { return }
        retryAttempt += 1
        let delay = Backoff(base: client.retryBase, max: client.retryMax)
            .delay(attempt: retryAttempt, hint: client.onRateLimit == .backoff ? nil : hint, random: &random)
        retryScheduled = true
        retryGeneration += 1
        port.schedule(.retry, after: delay, generation: retryGeneration)
    }

    /// A retry timer fired.
    func retryDue() {
        retryScheduled = false
        port.count { $0.retries += 1 }
        trigger(.retry)
    }
}
