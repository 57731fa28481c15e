/// The simulated CloudKit-like server: records with change tags, a change log for token fetches, tombstones and errors.
final class Server {
    let config: ServerConfig
    private let history: History
    /// Whether versions are stamped with their commit time (`lww` with `clock: server`).
    private let stampsCommitTime: Bool

    @exclusivity(unchecked) private(set) var records: [RecordID: RecordVersion] = [:]
    /// Earlier versions of each record, newest last, so a conflict can carry the ancestor.
    @exclusivity(unchecked) private var earlier: [RecordID: [RecordVersion]] = [:]
    /// The commits by change sequence (sequence n at index n - 1).
    @exclusivity(unchecked) private var changeLog: [Commit] = []
    @exclusivity(unchecked) private var latestSequence: [RecordID: Int] = [:]
    /// Tokens from before this sequence can no longer be served: a purged tombstone lay after them.
    @exclusivity(unchecked) private var horizon = 0
    @exclusivity(unchecked) private var lastTag = 0
    @exclusivity(unchecked) private var tombstones: [(expiry: SimDuration, id: RecordID, tag: Int)] = []
    @exclusivity(unchecked) private var tombstoneCursor = 0
    /// Every record id (tombstones included) in order, for full listings, sorted on the first listing and kept
    /// sorted as ids come and go.
    @exclusivity(unchecked) private var listingOrder: [RecordID]?
    /// The devices' ids, by the index a request comes from.
    private let deviceIDs: [DeviceID]
    /// The answers to changes sent with an idempotency key, by device index and key, until the device can no longer
    /// send them.
    @exclusivity(unchecked) private var answers: [[SerialKey: ItemResult]]
    @exclusivity(unchecked) private var faults = ServerFaults()
    /// Each device's rate-limit bucket, by device index, from its first request on.
    @exclusivity(unchecked) private var buckets: [TokenBucket?]

    init(config: ServerConfig, history: History, stampsCommitTime: Bool, deviceIDs: [DeviceID]) {
        self.config = config
        self.history = history
        self.stampsCommitTime = stampsCommitTime
        self.deviceIDs = deviceIDs
        answers = Array(repeating: [:], count: deviceIDs.count)
        buckets = Array(repeating: nil, count: deviceIDs.count)
    }

    var sequence: Int { changeLog.count }
    /// Commits so far, the seeds' included (so also the change sequence); a fetch that brings its device up to
    /// the last commit leaves it current.
    var commitCount: Int { changeLog.count }
    private static let keptVersions = 64

    /// Seeds the records that exist everywhere at time 0.
    func seed(_ specs: [RecordSpec]) {
        records.reserveCapacity(specs.count)
        latestSequence.reserveCapacity(specs.count)
        for spec in specs {
            commit(RecordVersion(id: RecordID(spec.id), type: spec.type, fields: spec.fields, deleted: false, changeTag: 0,
                                 timestamp: 0, fieldTimes: spec.fields.table.mapValues { _ in 0 }, ledger: IncrementLedger()),
                   device: nil, actions: [], at: .zero)
        }
    }

    /// A token for a device that has seen everything up to now.
    func currentToken(at now: SimDuration) -> ChangeToken { ChangeToken(sequence: sequence, issuedAt: now) }

    // MARK: faults

    func beginFault(_ fault: ServerFaults.Kind, until end: SimDuration, retryAfter: SimDuration?) {
        faults.begin(fault, until: end, retryAfter: retryAfter)
    }

    func endFaults() { faults = ServerFaults() }

    // MARK: requests

    /// Answers one request from the device at index `device` at `now`.
    func handle(_ request: Request, from device: Int, at now: SimDuration) -> Response {
        purgeExpiredTombstones(at: now)
        if let (code, retryAfter) = faults.active(at: now) { return .failed(code, retryAfter: retryAfter) }
        if let limit = config.rateLimit {
            if buckets[device] == nil { buckets[device] = TokenBucket(limit, at: now) }
            if !buckets[device]!.take(at: now) { return .failed(.requestRateLimited, retryAfter: limit.retryAfter) }
        }
        switch request {
        case let .modify(items, atomic):
            if items.count > config.batchLimit { return .failed(.limitExceeded, retryAfter: nil) }
            return .modified(modify(items, atomic: atomic || config.atomicBatches, from: device, at: now))
        case let .fetch(token?):
            return fetch(since: token, at: now)
        case .fetch(nil):
            return list(after: nil, start: sequence, at: now)
        case let .fetchListing(cursor):
            return list(after: cursor.after, start: cursor.start, at: now)
        }
    }

    private func fetch(since token: ChangeToken, at now: SimDuration) -> Response {
        let tooOld = !config.changeTokenLifetime.isForever
            && now.micros - token.issuedAt.micros > config.changeTokenLifetime.micros
        if tooOld || token.sequence < horizon { return .failed(.changeTokenExpired, retryAfter: nil) }
        var versions: [RecordVersion] = []
        var position = token.sequence
        // Room for every commit since the token, up to a page: grown one append at a time, a page was allocated
        // and copied three or four times over.
        versions.reserveCapacity(min(config.fetchPageSize, changeLog.count - position))
        while position < changeLog.count, versions.count < config.fetchPageSize {
            if case let .latest(version) = changeLog[position].standing { versions.append(version) }
            position += 1
        }
        let more = changeLog[position...].contains { !$0.isSuperseded }
        let next = ChangeToken(sequence: more ? position : sequence, issuedAt: now)
        return .fetched(FetchPage(versions: versions, next: more ? .moreChanges(next) : .done(next),
                                  commitCount: commitCount))
    }

    /// A page of a full listing: the live records after `after` (all, when nil) in id order. The last page's
    /// token is the server's position now; where a record listed on an earlier page has changed since the
    /// listing began at `start`, it is `start` instead, so that the next token fetch brings the change.
    private func list(after: RecordID?, start: Int, at now: SimDuration) -> Response {
        let ids = listingOrder ?? records.keys.sorted()
        listingOrder = ids
        var index = after.map { last in ids.partitionIndex { $0 > last } } ?? 0
        var versions: [RecordVersion] = []
        versions.reserveCapacity(min(config.fetchPageSize, ids.count - index))
        while index < ids.count, versions.count < config.fetchPageSize {
            if let version = records[ids[index]], !version.deleted { versions.append(version) }
            index += 1
        }
        let more = ids[index...].contains { records[$0]?.deleted == false }
        if more, let last = versions.last {
            let cursor = ListingCursor(after: last.id, start: start)
            return .fetched(FetchPage(versions: versions, next: .moreListing(cursor), commitCount: commitCount))
        }
        let missed = after.map { last in changeLog[start...].contains { $0.id <= last } } ?? false
        let position = missed ? start : sequence
        return .fetched(FetchPage(versions: versions, next: .done(ChangeToken(sequence: position, issuedAt: now)),
                                  commitCount: position))
    }

    private func modify(_ items: [ModifyItem], atomic: Bool, from device: Int, at now: SimDuration) -> [ItemResult] {
        // An atomic batch's versions, by record and each with its item's index, committed once every item is
        // answered; a later item of the batch builds on its record's. Other batches commit each item at once.
        var staged: [RecordID: RecordVersion] = [:]
        if atomic { staged.reserveCapacity(items.count) }
        var pending: [(version: RecordVersion, item: Int)] = []
        var results: [ItemResult] = []
        results.reserveCapacity(items.count)
        let firstTag = lastTag
        // The device's answers, out of the table while the request is answered, so that adding one copies nothing.
        var known: [SerialKey: ItemResult] = [:]
        swap(&known, &answers[device])
        defer { swap(&known, &answers[device]) }
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                let item = items.inPlace(index)
                if let key = item.pointee.idempotencyKey, let earlier = known[SerialKey(key)] {
                    results.append(earlier)
                    continue
                }
                let id = item.pointee.recordID
                let result = apply(item, to: atomic ? staged[id] ?? records[id] : records[id], at: now)
                if case let .saved(version) = result {
                    if atomic {
                        staged[id] = version
                        pending.append((version, index))
                    } else {
                        commit(version, of: item, device: device, answers: &known, at: now)
                    }
                }
                results.append(result)
            }
        }
        if atomic {
            if results.contains(where: \.isFailure) {
                lastTag = firstTag
                return results.map { $0.isFailure ? $0 : .batchRequestFailed }
            }
            items.withUnsafeBufferPointer { items in
                for (version, index) in pending {
                    commit(version, of: items.inPlace(index), device: device, answers: &known, at: now)
                }
            }
        }
        return results
    }

    /// The answer to the item at `item` against the record's current version, without committing anything.
    private func apply(_ item: UnsafePointer<ModifyItem>, to current: RecordVersion?, at now: SimDuration)
        -> ItemResult {
        let (id, baseTag, checksTag) = (item.pointee.recordID, item.pointee.baseTag, item.pointee.checksTag)
        let timestamp = stampsCommitTime ? now.micros : item.pointee.timestamp
        switch item.pointee.operation {
        case let .save(type, fields, changed, replace, ledger, fieldTimes):
            let whole = { self.newVersion(id, type, fields, ledger, fieldTimes, timestamp) }
            guard let current else { return baseTag == nil || !checksTag ? .saved(whole()) : .unknownItem }
            if checksTag && baseTag != current.changeTag {
                if current.deleted && baseTag == nil { return .saved(whole()) }
                if current.deleted && config.savesOverDeleted == .unknownItem { return .unknownItem }
                return conflict(current, base: baseTag)
            }
            if replace || current.deleted { return .saved(whole()) }
            var next = newVersion(id, type, current.fields, current.ledger, current.fieldTimes, timestamp)
            for name in changed {
                next.fields[name] = fields[name]
                next.ledger.take(name, from: ledger)
                next.fieldTimes[name] = fieldTimes[name]
            }
            return .saved(next)
        case .delete:
            guard let current, !current.deleted else { return .alreadyDeleted }
            guard !checksTag || baseTag == current.changeTag else { return conflict(current, base: baseTag) }
            var tombstone = newVersion(id, current.type, [:], IncrementLedger(), [:], timestamp)
            tombstone.deleted = true
            return .saved(tombstone)
        case let .increment(field, by, action):
            guard let current, !current.deleted else { return .unknownItem }
            // An increment is an operation on one field: it does not make the whole record newer for lww.
            var next = newVersion(id, current.type, current.fields, current.ledger, current.fieldTimes,
                                  current.timestamp)
            next.incrementedFrom = current.changeTag
            next.fields.add(by, to: field)
            next.fieldTimes[field] = timestamp
            next.ledger.add(action, to: field)
            return .saved(next)
        }
    }

    private func conflict(_ current: RecordVersion, base: Int?) -> ItemResult {
        let ancestor = base.flatMap { tag in earlier[current.id]?.last { $0.changeTag == tag } }
        return .serverRecordChanged(server: current, ancestor: ancestor)
    }

    private func newVersion(_ id: RecordID, _ type: String, _ fields: Fields, _ ledger: IncrementLedger,
                            _ fieldTimes: NameTable<Int64>, _ timestamp: Int64) -> RecordVersion {
        lastTag += 1
        var kept = ledger
        kept.keep(onlyFieldsOf: fields)
        return RecordVersion(id: id, type: type, fields: fields, deleted: false, changeTag: lastTag,
                             timestamp: timestamp, fieldTimes: fieldTimes, ledger: kept)
    }

    /// Commits a change a device sent, keeping its answer among the device's `answers` when it carries a key.
    private func commit(_ version: RecordVersion, of item: UnsafePointer<ModifyItem>, device: Int,
                        answers: inout [SerialKey: ItemResult], at now: SimDuration) {
        if let key = item.pointee.idempotencyKey { answers[SerialKey(key)] = .saved(version) }
        commit(version, device: deviceIDs[device], actions: item.pointee.actions, at: now)
    }

    private func commit(_ version: RecordVersion, device: DeviceID?, actions: IntList, at now: SimDuration) {
        // Each table is looked up once: the previous version and sequence come back as the new ones go in.
        if let previous = records.updateValue(version, forKey: version.id) {
            Server.keep(previous, in: &earlier[version.id, default: []])
        } else if listingOrder != nil {
            let index = listingOrder!.partitionIndex { $0 > version.id }
            listingOrder!.insert(version.id, at: index)
        }
        if let latest = latestSequence.updateValue(changeLog.count + 1, forKey: version.id) {
            changeLog[latest - 1].standing = .superseded
        }
        changeLog.append(Commit(id: version.id, standing: .latest(version)))
        if version.deleted && !config.tombstoneRetention.isForever {
            tombstones.append((now + config.tombstoneRetention, version.id, version.changeTag))
        }
        history.record(.commit(time: now, record: version.id, tag: version.changeTag, device: device, actions: actions,
                               deleted: version.deleted))
        history.record(.liveness(time: now, replica: nil, record: version.id, tag: version.changeTag,
                                 live: !version.deleted))
    }

    /// Keeps `previous` as the newest of a record's earlier versions, the oldest dropped past `keptVersions`.
    private static func keep(_ previous: RecordVersion, in versions: inout [RecordVersion]) {
        versions.append(previous)
        if versions.count > keptVersions { versions.removeFirst() }
    }

    /// Forgets the answers to the keys of the device at index `device` that `mayResend` says it will not send again;
    /// the World asks when no request of the device is on its way, so no copy of one can still arrive.
    func forgetAnswers(of device: Int, keepingThose mayResend: (Int) -> Bool) {
        // Most calls find nothing to forget: a smaller table is built only when some answer is to be forgotten.
        guard answers[device].keys.contains(where: { !mayResend($0.serial) }) else { return }
        if answers[device].keys.contains(where: { mayResend($0.serial) }) {
            answers[device] = answers[device].filter { mayResend($0.key.serial) }
        } else {
            // Emptied, the table keeps its room for the answers to come instead of growing again answer by answer.
            answers[device].removeAll(keepingCapacity: true)
        }
    }

    /// How many answers to idempotency keys the server keeps.
    var answersKept: Int { answers.reduce(0) { $0 + $1.count } }

    // MARK: tombstones

    /// Purges every tombstone whose retention has passed by `now`.
    func purgeExpiredTombstones(at now: SimDuration) {
        while tombstoneCursor < tombstones.count, tombstones[tombstoneCursor].expiry <= now {
            let entry = tombstones[tombstoneCursor]
            tombstoneCursor += 1
            if records[entry.id]?.changeTag == entry.tag { purge(entry.id) }
        }
    }

    /// Purges every tombstone now (the `purge-tombstones` step).
    func purgeAllTombstones() {
        for id in records.keys.filter({ records[$0]!.deleted }).sorted() { purge(id) }
    }

    private func purge(_ id: RecordID) {
        if let latest = latestSequence[id] {
            horizon = max(horizon, latest)
            changeLog[latest - 1].standing = .purged
        }
        records[id] = nil
        earlier[id] = nil
        if listingOrder != nil {
            let index = listingOrder!.partitionIndex { $0 >= id }
            assert(listingOrder![index] == id, "a purged id is in the listing order")
            listingOrder!.remove(at: index)
        }
    }
}

extension ItemResult {
    /// The CloudKit error of a failed item.
    var errorCode: ServerErrorCode? {
        switch self {
        case .saved, .alreadyDeleted: return nil
        case .serverRecordChanged: return .serverRecordChanged
        case .unknownItem: return .unknownItem
        case .batchRequestFailed: return .batchRequestFailed
        }
    }

    /// Whether the item did not commit.
    var isFailure: Bool { errorCode != nil }
}

extension Server {
    /// One entry of the change log: the record a commit changed, and whether the commit is still the record's latest.
    private struct Commit {
        /// Where a commit stands among its record's commits.
        enum Standing {
            /// The record's latest commit, with the version it made, which is the server's current one.
            case latest(RecordVersion)
            /// The record's latest commit, but the record's tombstone has since been purged.
            case purged
            /// A later commit changed the record again.
            case superseded
        }

        let id: RecordID
        var standing: Standing

        var isSuperseded: Bool {
            if case .superseded = standing { return true }
            return false
        }
    }
}
