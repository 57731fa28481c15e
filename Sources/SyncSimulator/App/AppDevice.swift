/// A device that runs a library user's app and its simulated `SyncEngine`, behind the World's device boundary: it
/// launches, kills and resets the app, hands it the scenario's user changes, and reads what it shows for the checks.
final class AppDevice: VirtualDevice {
    let id: DeviceID
    let index: Int
    let config: DeviceConfig
    let port: DevicePort
    let storage = DeviceStorage()
    let random: AppRandom
    private let factory: AppFactory
    /// The records at time 0 and the token that covers them, for the first launch only.
    private var seeds: (records: [RecordVersion], token: ChangeToken)?
    /// Retry and backoff jitter draws.
    private var engineRandom: RandomStream

    /// The app process, while it runs.
    private var app: (any SimulatedApp)?
    /// The engine the running app made.
    var engine: SyncEngine?
    private var database: SimDatabase?
    private var foreground = true
    /// Bumped to cancel a waiting timer of that kind (and every timer at a kill).
    private var sendGeneration = 0
    private var retryGeneration = 0
    private var retryAttempt = 0
    private var retryScheduled = false
    private var lastSyncCompletedAt: SimDuration?

    /// Each record's user changes on this device that no committed save or delete has carried yet, in order.
    private var unsaved: [String: [(number: Int, isDelete: Bool)]] = [:]
    /// The highest change tag of each record received from the server since the last reset.
    private var receivedTags: [String: Int] = [:]
    /// What the app showed when last looked at, by id.
    private var shown: [String: SimRecord] = [:]
    /// Where each record is live or gone on this device, as last recorded in the History.
    private var liveness: [String: Bool] = [:]
    /// The records' sync states as last noted, and how long they sat in each.
    private var syncStays = SyncStateStays()

    init(config: DeviceConfig, port: DevicePort, factory: @escaping AppFactory, seeds: [RecordVersion],
         seedToken: ChangeToken, seed: UInt64) {
        id = DeviceID(config.id)
        index = port.index
        self.config = config
        self.port = port
        self.factory = factory
        self.seeds = (seeds, seedToken)
        random = AppRandom(RandomStream(seed: seed, label: "app/\(config.id)"))
        engineRandom = RandomStream(seed: seed, label: "engine/\(config.id)")
    }

    var deviceClock: Int64 { config.clock.reading(at: port.now) }

    /// The conflict timestamp of a save sent now.
    func stamp() -> Int64 {
        let reading = deviceClock
        port.noteStamp(reading)
        return reading
    }

    // MARK: lifecycle

    /// The first launch, at time 0.
    func start() {
        launch()
        afterCallback()
    }

    private var running: Bool { app != nil }

    private func launch() {
        guard !running else { return }
        foreground = true
        let database = SimDatabase(device: self)
        self.database = database
        app = factory(AppLaunch(device: self, database: database))
        if let (records, token) = seeds {
            seeds = nil
            engine?.deliverSeeds(records, token: token)
        }
        startSync(.launch)
    }

    private func kill() {
        app = nil
        engine = nil
        database = nil
        sendGeneration += 1
        retryGeneration += 1
        retryScheduled = false
    }

    /// Reinstalls the app: its storage is wiped, with the changes it had not sent, and it launches with nothing.
    private func reset() {
        let wiped = unsaved.values.flatMap { $0.map(\.number) }.sorted()
        port.history.record(.reset(time: port.now, device: id, wiped: wiped))
        unsaved = [:]
        receivedTags = [:]
        shown = [:]
        liveness = [:]
        kill()
        storage.wipe()
        launch()
    }

    // MARK: the boundary

    func apply(_ action: StepAction) {
        if let change = UserChange(action) { return perform(change) }
        switch action {
        case .offline: port.isOffline = true
        case .online:
            port.isOffline = false
            startSync(.online)
        case .kill: kill()
        case .launch: launch()
        case .foreground:
            foreground = true
            if config.sync.onForeground { startSync(.foreground) }
        case .background: foreground = false
        case .sync: startSync(.step)
        case .loseToken: engine?.loseToken()
        case .reset: reset()
        default: break
        }
        afterCallback()
    }

    func refreshDue() {
        startSync(.interval)
        afterCallback()
    }

    func pushArrived() {
        startSync(.push)
        afterCallback()
    }

    func timerFired(_ timer: DeviceTimer, generation: Int) {
        switch timer {
        case .afterEdit where generation == sendGeneration: startSync(.afterEdit)
        case .retry where generation == retryGeneration:
            retryScheduled = false
            port.count { $0.retries += 1 }
            startSync(.retry)
        default: break
        }
        afterCallback()
    }

    func receive(_ response: Response, for request: Int) {
        database?.receive(response, for: request)
        afterCallback()
    }

    /// Every timeout, answered or not, ends with the engine reporting its state, and the app may change anything.
    func timedOut(_ request: Int) -> Bool {
        database?.timedOut(request)
        afterCallback()
        return true
    }

    func isWaiting(for request: Int) -> Bool { database?.isWaiting(for: request) ?? false }

    /// An app's changes carry no idempotency key.
    func mayResend(_ key: Int) -> Bool { false }

    func beginSettle() {
        launch()
        foreground = true
        retryGeneration += 1
        retryScheduled = false
        retryAttempt = 0
        startSync(.settle)
        afterCallback()
    }

    var isQuiet: Bool {
        guard let engine else { return true }
        return engine.isIdle && engine.state.pendingRecordZoneChanges.isEmpty
    }

    // MARK: user changes

    private func perform(_ change: UserChange) {
        if !running { launch() }
        let number = port.history.nextActionNumber
        let existing = currentRecords()[change.recordID]
        let applied: Bool
        if case .create = change { applied = true } else { applied = existing != nil }
        port.count { $0.userActions += 1 }
        port.history.record(UserAction(number: number, time: port.now, device: id, record: RecordID(change.recordID),
                                       kind: change.kind, applied: applied, seenTag: existing?.recordChangeTag,
                                       receivedTag: receivedTags[change.recordID]))
        if applied {
            unsaved[change.recordID, default: []].append((number, change.kind == .delete))
            app?.perform(change)
        }
        afterCallback()
    }

    /// The user changes of `record` a save (or a delete) sent now carries.
    func unsavedActions(of record: String, deleting: Bool) -> [Int] {
        (unsaved[record] ?? []).filter { $0.isDelete == deleting }.map(\.number)
    }

    /// A save or delete was committed: the changes it carried, and for a delete every change before it, are saved.
    func acknowledge(_ item: ModifyItem) {
        guard let last = item.actions.max() else { return }
        let carried = Set(item.actions)
        let isDelete = item.operation.isDelete
        let record = item.recordID.name
        unsaved[record]?.removeAll { carried.contains($0.number) || (isDelete && $0.number < last) }
        if unsaved[record]?.isEmpty == true { unsaved[record] = nil }
    }

    func observe(_ version: RecordVersion) {
        receivedTags[version.id.name] = max(receivedTags[version.id.name] ?? version.changeTag, version.changeTag)
    }

    /// A save of `record` met a newer version on the server: the app is left to resolve it.
    func metConflict(on record: RecordID) {
        port.count { $0.conflicts += 1 }
        port.history.record(.conflict(time: port.now, device: id, record: record, outcome: "left to the app",
                                      skewed: false))
    }

    // MARK: syncing

    /// Why a sync was asked for; in the background only the interval, a push, a retry and settle start one.
    private enum Trigger { case launch, online, foreground, step, interval, push, afterEdit, retry, settle }

    private func startSync(_ trigger: Trigger) {
        guard let engine, !port.isOffline else { return }
        if !foreground, ![.interval, .push, .retry, .settle].contains(trigger) { return }
        engine.sync(trigger == .step ? .manual : .scheduled)
    }

    /// Changes were added: send them after the device's `afterEdit` delay.
    func scheduleSend() {
        sendGeneration += 1
        port.schedule(.afterEdit, after: config.sync.afterEdit, generation: sendGeneration)
    }

    /// The app asked for a sync: it starts once the current callback returns.
    func syncSoon() {
        sendGeneration += 1
        port.schedule(.afterEdit, after: .zero, generation: sendGeneration)
    }

    func syncFinished(failed: Bool) {
        lastSyncCompletedAt = port.now
        if !failed { retryAttempt = 0 }
    }

    /// Schedules one retry (unless one is scheduled) after the server's hint or a backoff, as CloudKit advises.
    func retryLater(hint: SimDuration?) {
        guard !retryScheduled else { return }
        retryAttempt += 1
        let defaults = ClientConfig()
        let delay = Backoff(base: defaults.retryBase, max: defaults.retryMax)
            .delay(attempt: retryAttempt, hint: hint, random: &engineRandom)
        retryScheduled = true
        retryGeneration += 1
        port.schedule(.retry, after: delay, generation: retryGeneration)
    }

    // MARK: what the checks read

    private func currentRecords() -> [String: SimRecord] {
        guard let app else { return shown }
        return Dictionary(app.records.map { ($0.recordID, $0) }) { _, last in last }
    }

    /// After every callback: the engine reports a changed state, then the app's records are read.
    private func afterCallback() {
        engine?.reportStateChange()
    }

    func noteState() {
        guard running else { return }
        let now = currentRecords()
        for record in Set(shown.keys).union(now.keys).sorted() {
            let live = now[record] != nil
            guard liveness[record] != live, live || liveness[record] == true else { continue }
            liveness[record] = live
            port.history.record(.liveness(time: port.now, replica: id, record: RecordID(record),
                                          tag: now[record]?.recordChangeTag, live: live))
        }
        shown = now
        let pending = Set((engine?.state.pendingRecordZoneChanges ?? []).map(\.recordID))
        for record in Set(syncStays.unsynced.map(\.name)).union(pending) {
            let state: SyncState = pending.contains(record) ? (port.isOffline ? .offline : .pending) : .synced
            _ = syncStays.note(state, of: RecordID(record), at: port.now)
        }
    }

    var end: EndState.DeviceEnd {
        let live = Dictionary(uniqueKeysWithValues: shown.map { name, record in
            (RecordID(name), LocalRecord(type: record.recordType, fields: record.fields, ledger: IncrementLedger(),
                                         timestamp: 0, serverVersion: nil))
        })
        return EndState.DeviceEnd(id: id.name, live: live, outbox: engine?.state.pendingRecordZoneChanges.count ?? 0)
    }

    func reportState(in order: RecordOrder) -> DeviceState {
        let records = shown.keys.sorted().map { record in
            RecordState(id: record, type: shown[record]!.recordType, fields: shown[record]!.fields,
                        syncState: syncStays.state(of: RecordID(record)).rawValue)
        }
        return DeviceState(id: id.name, records: records, outbox: end.outbox, matchesServer: true,
                           convergedAt: lastSyncCompletedAt)
    }

    func syncStateTallies(endingAt end: SimDuration) -> [SyncStateTally] { syncStays.tallies(endingAt: end) }

    var waitingConflicts: [ShownConflict] { [] }
}
