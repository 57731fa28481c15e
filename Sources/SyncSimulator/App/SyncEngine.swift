/// The simulated CKSyncEngine: keeps the app's pending changes and change token, and by itself sends the changes and
/// fetches the server's, retrying what is worth retrying. It calls its delegate synchronously on the simulation's one
/// thread; `fetchChanges()` and `sendChanges()` schedule a sync and return at once.
public final class SyncEngine {
    /// The pending changes and what the engine persists with them.
    public let state: State
    /// The app's sync code; held weakly, as CKSyncEngine's configuration does.
    public private(set) weak var delegate: (any SyncEngineDelegate)?
    private unowned let device: AppDevice
    private let database: SimDatabase

    /// What the engine is doing.
    private enum Activity {
        case idle
        /// A sync is under way; `again`: something asked for another once it ends.
        case syncing(reason: SyncReason, again: Bool)
    }

    private var activity = Activity.idle
    /// Pending changes tried in the send under way.
    private var tried = Set<PendingRecordZoneChange>()
    /// The changes of the batch in flight, and the records it saves.
    private var inFlight: (changes: [PendingRecordZoneChange], saving: [String: SimRecord]) = ([], [:])
    /// The most changes sent in one request: CloudKit's 400, halved on each `limitExceeded`.
    private var batchSize = 400
    /// A fetch from scratch under way: where its next page starts and the records it listed so far.
    private var listing: (token: ServerChangeToken?, listed: Set<String>)?
    private var syncFailed = false
    private var stateChanged = false

    init(device: AppDevice, database: SimDatabase, serialization: State.Serialization?,
         delegate: any SyncEngineDelegate) {
        state = State(serialization)
        self.device = device
        self.database = database
        self.delegate = delegate
        state.changed = { [weak self] sendSoon in
            guard let self, isCurrent else { return }
            stateChanged = true
            if sendSoon { device.scheduleSend() }
        }
    }

    /// Asks for a fetch of the server's changes soon (a sync fetches and sends).
    public func fetchChanges() {
        if isCurrent { device.syncSoon() }
    }

    /// Asks for the pending changes to be sent soon (a sync fetches and sends).
    public func sendChanges() {
        if isCurrent { device.syncSoon() }
    }

    /// Whether this is the engine of the app running now (not one kept from before a kill, or replaced).
    private var isCurrent: Bool { device.engine === self }

    /// Whether no sync is under way, a full listing that a failed page cut short included (its retry goes on
    /// from where it stopped).
    var isIdle: Bool {
        if case .idle = activity { return listing == nil }
        return false
    }

    // MARK: syncing

    /// Starts a sync (send, then fetch), or asks for another when one is under way.
    func sync(_ reason: SyncReason) {
        switch activity {
        case let .syncing(current, _):
            activity = .syncing(reason: current, again: true)
            return
        case .idle:
            activity = .syncing(reason: reason, again: false)
        }
        device.port.count { $0.syncs += 1 }
        syncFailed = false
        tried = []
        guard state.pendingRecordZoneChanges.isEmpty else {
            delegate?.handleEvent(.willSendChanges(context(reason)), syncEngine: self)
            return sendNextBatch(reason)
        }
        fetch()
    }

    private func context(_ reason: SyncReason) -> SendChangesContext {
        SendChangesContext(reason: reason, options: SendChangesOptions(scope: ChangeScope(tried: tried)))
    }

    private func sendNextBatch(_ reason: SyncReason) {
        let untried = state.pendingRecordZoneChanges.contains { !tried.contains($0) }
        guard untried, let delegate, let batch = delegate.nextRecordZoneChangeBatch(context(reason), syncEngine: self)
        else { return endSend(reason) }
        let changes = Array(batch.changes.filter { !tried.contains($0) }.prefix(batchSize))
        guard !changes.isEmpty else { return endSend(reason) }
        tried.formUnion(changes)
        state.added = []
        let sending = Set(changes)
        let saving = batch.recordsToSave.filter { sending.contains(.saveRecord($0.recordID)) }
        inFlight = (changes, Dictionary(saving.map { ($0.recordID, $0) }) { first, _ in first })
        database.modifyRecords(saving: saving,
                               deleting: batch.recordIDsToDelete.filter { sending.contains(.deleteRecord($0)) },
                               atomically: batch.atomicByZone) { [weak self] result in
            self?.sent(result, reason)
        }
    }

    private func sent(_ result: Result<SimDatabase.ModifyResults, SyncError>, _ reason: SyncReason) {
        guard isCurrent else { return }
        let (changes, saving) = inFlight
        inFlight = ([], [:])
        switch result {
        case let .failure(error) where error.code == .limitExceeded:
            batchSize = max(1, changes.count / 2)
            tried.subtract(changes)
            sendNextBatch(reason)
        case let .failure(error):
            failed(error)
            delegate?.handleEvent(.didSendChanges(context(reason)), syncEngine: self)
            finish()
        case let .success(results):
            var event = SentRecordZoneChanges()
            var done: [PendingRecordZoneChange] = []
            for change in changes {
                switch change {
                case let .saveRecord(id):
                    switch results.saveResults[id] {
                    case let .success(record)?:
                        event.savedRecords.append(record)
                        state.knownRecords[id] = record.recordType
                        countAsListed(saved: id)
                        done.append(change)
                    case let .failure(error)? where error.code == .batchRequestFailed:
                        syncFailed = true
                    case let .failure(error)?:
                        if let record = saving[id] {
                            event.failedRecordSaves.append(FailedRecordSave(record: record, error: error))
                        }
                        done.append(change)
                    case nil:
                        break
                    }
                case let .deleteRecord(id):
                    switch results.deleteResults[id] {
                    case .success?:
                        event.deletedRecordIDs.append(id)
                        state.knownRecords[id] = nil
                        done.append(change)
                    case let .failure(error)? where error.code == .batchRequestFailed:
                        syncFailed = true
                    case let .failure(error)?:
                        event.failedRecordDeletes[id] = error
                        done.append(change)
                    case nil:
                        break
                    }
                }
            }
            state.remove(pendingRecordZoneChanges: done.filter { !state.added.contains($0) })
            delegate?.handleEvent(.sentRecordZoneChanges(event), syncEngine: self)
            sendNextBatch(reason)
        }
    }

    /// A record saved while a full listing is under way, under an id the listing has gone past, counts as listed:
    /// the listing will not list it, and the token it ends with brings what changed there since it began, so its end
    /// must not report the record deleted. The save was sent after the server began the listing (the engine has one
    /// request out at a time, and the cursor came with an answered page), and an app's save carries no idempotency
    /// key, so its answer is its own commit, never an older one that a deletion the listing missed may follow.
    private func countAsListed(saved id: String) {
        guard let passed = listing?.token?.listedThrough, id <= passed else { return }
        listing?.listed.insert(id)
    }

    private func endSend(_ reason: SyncReason) {
        delegate?.handleEvent(.didSendChanges(context(reason)), syncEngine: self)
        fetch()
    }

    private func fetch() {
        delegate?.handleEvent(.willFetchChanges, syncEngine: self)
        fetchNextPage()
    }

    /// Fetches the next page since the token, or of the fetch from scratch under way (its first when none is).
    private func fetchNextPage() {
        if state.changeToken == nil && listing == nil { listing = (nil, []) }
        let since = listing.map(\.token) ?? state.changeToken
        database.fetchRecordZoneChanges(since: since) { [weak self] result in self?.fetched(result) }
    }

    private func fetched(_ result: Result<SimDatabase.ZoneChanges, SyncError>) {
        guard isCurrent else { return }
        switch result {
        case let .failure(error) where error.code == .changeTokenExpired && state.changeToken != nil:
            state.changeToken = nil
            stateChanged = true
            fetchNextPage()
        case let .failure(error):
            failed(error)
            delegate?.handleEvent(.didFetchChanges, syncEngine: self)
            finish()
        case let .success(page):
            listing?.listed.formUnion(page.modifications.map(\.recordID))
            for record in page.modifications { state.knownRecords[record.recordID] = record.recordType }
            var deletions = page.deletions.map { Deletion(recordID: $0.recordID, recordType: $0.recordType) }
            if page.moreComing && page.changeToken.isListing {
                listing?.token = page.changeToken
            } else {
                state.changeToken = page.changeToken
                stateChanged = true
            }
            if !page.moreComing, let finished = listing {
                listing = nil
                deletions += state.knownRecords.keys.sorted().filter { !finished.listed.contains($0) }.map {
                    Deletion(recordID: $0, recordType: state.knownRecords[$0]!)
                }
            }
            for deletion in deletions { state.knownRecords[deletion.recordID] = nil }
            if !page.modifications.isEmpty || !deletions.isEmpty {
                let changes = FetchedRecordZoneChanges(modifications: page.modifications.map(Modification.init),
                                                       deletions: deletions)
                delegate?.handleEvent(.fetchedRecordZoneChanges(changes), syncEngine: self)
            }
            guard !page.moreComing else { return fetchNextPage() }
            device.port.noteFetched(commitCount: page.commitCount)
            delegate?.handleEvent(.didFetchChanges, syncEngine: self)
            finish()
        }
    }

    private func finish() {
        guard case let .syncing(_, again) = activity else { return }
        activity = .idle
        device.syncFinished(failed: syncFailed)
        if again { sync(.scheduled) }
    }

    /// A request failed: whatever it carried stays pending, and the device retries after a while.
    private func failed(_ error: SyncError) {
        syncFailed = true
        device.retryLater(hint: error.retryAfterSeconds.map { SimDuration(micros: Int64(($0 * 1e6).rounded())) })
    }

    // MARK: state

    /// Tells the delegate the state changed, if it did since the last time: called after every callback, so the
    /// app persists what it must before anything else can happen (a kill comes between callbacks only).
    func reportStateChange() {
        guard stateChanged else { return }
        stateChanged = false
        delegate?.handleEvent(.stateUpdate(StateUpdate(stateSerialization: state.serialization)), syncEngine: self)
    }

    /// Forgets the change token: the next fetch starts from scratch.
    func loseToken() {
        state.changeToken = nil
        stateChanged = true
    }

    /// Delivers the records that exist at time 0, as if the app had synced them before the run.
    func deliverSeeds(_ records: [RecordVersion], token: ChangeToken) {
        for version in records { state.knownRecords[version.id.name] = version.type }
        state.changeToken = ServerChangeToken(token)
        stateChanged = true
        guard !records.isEmpty else { return }
        let changes = FetchedRecordZoneChanges(modifications: records.map { Modification(record: SimRecord($0)) },
                                               deletions: [])
        delegate?.handleEvent(.fetchedRecordZoneChanges(changes), syncEngine: self)
    }
}
