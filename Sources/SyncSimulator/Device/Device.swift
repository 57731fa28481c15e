/// A virtual offline-first device: local store, outbox, change token, app lifecycle and sync triggers.
final class Device {
    let id: DeviceID
    let index: Int
    let config: DeviceConfig
    /// All the device reaches of the world.
    let port: DevicePort
    /// How the device settles a conflict the server reports.
    let strategy: any ConflictStrategy
    /// Where the conflict timestamp of a change comes from.
    let clockMode: LWWClock
    @exclusivity(unchecked) var random: RandomStream

    @exclusivity(unchecked) var store: [RecordID: LocalRecord] = [:]
    let outbox = Outbox()
    @exclusivity(unchecked) var token: ChangeToken?
    /// How many fetches have run to their last page, kept with the outbox: a save refused on a tombstone's tag waits
    /// for one more before the tombstone is taken for purged (see `Outbox.KeptOverTombstone`).
    @exclusivity(unchecked) var fetchesFinished = 0
    /// The app process is alive (not killed).
    @exclusivity(unchecked) var running = true
    @exclusivity(unchecked) var foreground = true
    @exclusivity(unchecked) var syncing = false
    @exclusivity(unchecked) var syncAgain = false
    @exclusivity(unchecked) var retryAttempt = 0
    @exclusivity(unchecked) var retryScheduled = false
    /// Bumped to cancel a waiting timer of that kind.
    @exclusivity(unchecked) var retryGeneration = 0
    @exclusivity(unchecked) var afterEditGeneration = 0
    /// The request the sync cycle waits for, and what it carries.
    @exclusivity(unchecked) var waiting: (request: Int, purpose: Purpose)?
    /// The most changes the client puts in one modify request: CloudKit's documented 400, halved each time
    /// the server answers `limitExceeded`.
    @exclusivity(unchecked) var batchSize = 400
    /// Serials of outbox entries already sent in this sync.
    @exclusivity(unchecked) var triedThisSync = Set<SerialKey>()
    @exclusivity(unchecked) var syncFailed = false
    /// The full listing under way (a fetch without a token), kept across failed pages so a retry goes on from
    /// where it stopped; nil when none is.
    @exclusivity(unchecked) var listing: Listing?
    /// Records the device holds no change tag for that may exist on the server all the same: sent without one and
    /// not acknowledged since, re-created here over a local delete, or created while the device had no change token
    /// (the server may hold that id unfetched). Deleting one must reach the server.
    @exclusivity(unchecked) var mayBeOnServer: Set<RecordID> = []
    /// Increments of a record acknowledged while a save or delete of it waited, by the change tag of the base that
    /// write still has: the server's versions count them already, so the device's side of a conflict leaves them out.
    /// Stale once the base moves, unless to the version they were built on. `built` is the newest version they were
    /// acknowledged with, and the change tag of the version the device's own increments alone built it on.
    @exclusivity(unchecked) var countedAboveBase: [RecordID: (base: Int, increments: [(field: String, by: Double, action: Int)],
                                                              built: (tag: Int, on: Int))] = [:]
    /// Records a full listing left out that the device kept for their pending changes: once those are answered, it
    /// lists again, for the answer may be older than the record's deletion, which no listing shows.
    @exclusivity(unchecked) var unlisted: Set<RecordID> = []
    /// The newest version of each record received while a save or delete of it was pending: taken when that change is
    /// acknowledged by an older version (a resend answered with its first answer), so nothing newer is lost. With it,
    /// the outbox serial it arrived at: changes with that serial or a higher one were made after it was received.
    /// `earlier` keeps the versions it replaced that writes were made on top of, oldest first: once those writes are
    /// the only ones left, they are rebased onto the newest of them, not left to meet the newer version on their own.
    @exclusivity(unchecked) var setAside: [RecordID: SetAside] = [:]
    /// The version a delete sent before the user re-created the record deleted, until the re-created record is
    /// answered: the fields the user wrote or cleared since changed that version, so it is their common ancestor when
    /// the re-created record, saved as new, meets the server's version as a conflict. For a record created after the
    /// device took its deletion, the tombstone (see `deletionsTaken`), as once that delete is acknowledged.
    @exclusivity(unchecked) var recreatedOver: [RecordID: RecordVersion] = [:]
    /// The tombstone of each record whose deletion the device took, until it takes a live version of it again or a
    /// save of it is answered: a record the user creates since comes after that deletion, so the tombstone is the
    /// common ancestor of the record, saved as new, and whatever live version the server holds by then (a record
    /// brought back over the deletion).
    @exclusivity(unchecked) var deletionsTaken: [RecordID: RecordVersion] = [:]
    /// The largest timestamp seen, for the hybrid logical clock.
    @exclusivity(unchecked) var hybridClock: Int64 = 0
    /// What the device has noted of each record since the last reset, for the History.
    @exclusivity(unchecked) var noted: [RecordID: Noted] = [:]
    @exclusivity(unchecked) var lastSyncCompletedAt: SimDuration?
    /// The records' sync states as last noted, and how long they sat in each.
    @exclusivity(unchecked) var syncStays = SyncStateStays()
    /// How many conflicts the device has shown its user: each is numbered, so that a decision timer decides only the
    /// conflict it was set for, not a later one of the same record shown after the user dismissed the first.
    @exclusivity(unchecked) var conflictsShownCount = 0
    /// Conflicts shown to the user and not yet decided, by record.
    @exclusivity(unchecked) var pendingConflicts: [RecordID: PendingConflict] = [:] {
        didSet { conflictsTouched.formUnion(Set(oldValue.keys).symmetricDifference(pendingConflicts.keys)) }
    }
    /// Records shown or decided as conflicts since the sync states were last recorded.
    @exclusivity(unchecked) private var conflictsTouched = Set<RecordID>()
    /// Whether changes waiting were `offline` (airplane mode) when the sync states were last recorded.
    @exclusivity(unchecked) private var waitingOffline = false

    /// A full listing under way: where the next page starts, and the ids listed so far, to reconcile at its end.
    struct Listing {
        var cursor: ListingCursor?
        var listed: Set<RecordID> = []
        /// The outbox serial when its first page was asked for (the last time, if an earlier ask failed): changes
        /// written from it on were sent, and committed, after the server began the listing.
        let firstSerial: Int
        /// A change written before the listing began was answered once it had gone past the record's id: the record
        /// is kept, and listed again once this listing ends, as the answer may be older than a deletion it left out.
        var relists = false

        /// Whether the listing has gone past `id`: it will not list it.
        func hasPassed(_ id: RecordID) -> Bool { cursor.map { id <= $0.after } ?? false }
    }

    /// A version set aside for a write waiting (see `setAside`), and the serial it arrived at.
    typealias Arrival = (version: RecordVersion, nextSerial: Int)
    struct SetAside {
        var version: RecordVersion
        var nextSerial: Int
        /// Versions set aside before, each followed by writes made before the next arrived, oldest first.
        var earlier: [Arrival] = []

        /// Every version set aside with the serial it arrived at, oldest first: the earlier ones, then `version`.
        var arrivals: [Arrival] { earlier + [(version, nextSerial)] }
    }

    /// What a request of the sync cycle was for.
    enum Purpose {
        /// A modify request of these outbox entries, as they were when sent (kept even when `on-send` took them off
        /// the outbox).
        case send([Outbox.Entry])
        case fetch
    }

    init(config: DeviceConfig, port: DevicePort, strategy: any ConflictStrategy, clockMode: LWWClock,
         random: RandomStream) {
        id = DeviceID(config.id)
        index = port.index
        self.config = config
        self.port = port
        self.strategy = strategy
        self.clockMode = clockMode
        self.random = random
    }

    var now: SimDuration { port.now }
    var client: ClientConfig { config.client }

    /// Whether the device can reach for the network at all.
    var canSync: Bool { running && !port.isOffline }

    // MARK: clock

    /// The device's own clock reading now, skew and drift included, in microseconds.
    var deviceClock: Int64 { config.clock.reading(at: now) }

    /// The conflict timestamp of a change made now.
    func stamp() -> Int64 {
        let stamp: Int64
        switch clockMode {
        case .device: stamp = deviceClock
        case .server: stamp = now.micros
        case .hybrid:
            hybridClock = max(deviceClock, hybridClock + 1)
            stamp = hybridClock
        }
        port.noteStamp(stamp)
        return stamp
    }

    /// Takes note of a version received from the server: its timestamp feeds the hybrid clock, its change tag
    /// what the device has received of the record.
    func observe(_ version: RecordVersion) {
        hybridClock = max(hybridClock, version.timestamp)
        noted[version.id, default: Noted()].receive(version.changeTag)
    }

    /// `observe` and `noteLiveness(of:)` at once, with one lookup, for a version just taken: the store now holds it,
    /// live (`stored` true), or nothing of the record (nil).
    func observe(_ version: RecordVersion, stored live: Bool?) {
        hybridClock = max(hybridClock, version.timestamp)
        if noted[version.id, default: Noted()].receive(version.changeTag, stored: live) {
            recordLiveness(version.id, live: live ?? false, tag: live == nil ? nil : version.changeTag)
        }
    }

    // MARK: sync states

    /// A record's sync state as the app would show it.
    func syncState(of record: RecordID) -> SyncState {
        if pendingConflicts[record] != nil { return .conflict }
        guard outbox.hasChanges(for: record) else { return .synced }
        return port.isOffline ? .offline : .pending
    }

    /// Notes every change of sync state since the last call. Only records whose changes or conflicts came or went are
    /// looked at, or every waiting one when airplane mode changed.
    func noteSyncStates() {
        let offline = port.isOffline
        guard outbox.wasTouched || !conflictsTouched.isEmpty || offline != waitingOffline else { return }
        // A record found twice is noted twice, the second time with the state it already has: nothing changes.
        // The tables are emptied keeping their storage, which the next changes fill again.
        outbox.forEachTouched(noteSyncState)
        if !conflictsTouched.isEmpty {
            conflictsTouched.forEach(noteSyncState)
            conflictsTouched.removeAll(keepingCapacity: true)
        }
        if offline != waitingOffline {
            waitingOffline = offline
            Array(syncStays.unsynced).forEach(noteSyncState)
        }
    }

    private func noteSyncState(of record: RecordID) {
        _ = syncStays.note(syncState(of: record), of: record, at: now)
    }

    // MARK: liveness

    /// Records in the History whether the record became live or gone on this device since last noted.
    func noteLiveness(of record: RecordID) {
        let live = store[record].map { !$0.deleted }
        if noted[record, default: Noted()].noteStored(live) {
            recordLiveness(record, live: live ?? false, tag: store[record]?.serverVersion?.changeTag)
        }
    }

    /// Records the record's liveness here, with `tag`, the change tag of the server version the store holds of it.
    private func recordLiveness(_ record: RecordID, live: Bool, tag: Int?) {
        port.history.record(.liveness(time: now, replica: id, record: record, tag: tag, live: live))
    }

    /// Puts the records that exist everywhere at time 0 in the store, with the server's change token of that time.
    func seed(_ versions: [RecordVersion], token: ChangeToken) {
        store.reserveCapacity(versions.count)
        noted.reserveCapacity(versions.count)
        for version in versions {
            store[version.id] = LocalRecord(version)
            noted[version.id] = Noted(live: true)
        }
        self.token = token
    }
}
