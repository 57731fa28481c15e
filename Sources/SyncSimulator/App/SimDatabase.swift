/// The simulated CloudKit database as an app reaches it over its device's network link (CKDatabase's role), for code
/// that runs its own modify and fetch operations; the simulated `SyncEngine` is built on it. Completions run later in
/// virtual time, on the simulation's one thread; none runs after the app is killed.
public final class SimDatabase {
    /// How a save meets the server's version (CKModifyRecordsOperation.RecordSavePolicy).
    public enum SavePolicy: Sendable {
        /// Fails with `serverRecordChanged` unless the record's change tag is the server's.
        case ifServerRecordUnchanged
        /// Overwrites the fields the record has, keeping the server's others, whatever the server holds.
        case changedKeys
        /// Replaces the server's record with this one, whatever the server holds.
        case allKeys
    }

    /// Each record's outcome of a modify operation, by record id (iterate the ids sorted: a dictionary's order differs
    /// between processes, and a run must not).
    public struct ModifyResults {
        /// Each save: the record as saved, or why not.
        public var saveResults: [String: Result<SimRecord, SyncError>] = [:]
        /// Each delete: done, or why not.
        public var deleteResults: [String: Result<Void, SyncError>] = [:]
    }

    /// A record deleted on the server, as a fetch reports it.
    public struct RecordDeletion: Hashable, Sendable {
        /// The deleted record.
        public var recordID: String
        /// Its type.
        public var recordType: String
    }

    /// One page of zone changes: records changed and deleted since the token, and the token to go on from.
    public struct ZoneChanges {
        /// The records as the server has them now, with their change tags.
        public var modifications: [SimRecord]
        /// Records deleted since the token; a fetch from scratch lists live records only and reports none.
        public var deletions: [RecordDeletion]
        /// Where the next fetch goes on from.
        public var changeToken: ServerChangeToken
        /// More pages follow: fetch again from `changeToken`.
        public var moreComing: Bool
        /// The server's commit count the page leaves its device current with.
        var commitCount: Int
    }

    /// A request sent and not yet answered, with what its answer needs.
    private enum Waiting {
        case modify([ModifyItem], [SimRecord], atomic: Bool, (Result<ModifyResults, SyncError>) -> Void)
        case fetch((Result<ZoneChanges, SyncError>) -> Void)
    }

    private unowned let device: AppDevice
    private var waiting: [Int: Waiting] = [:]

    init(device: AppDevice) { self.device = device }

    /// Saves and deletes records in one request (CKModifyRecordsOperation). Deletes always succeed; `atomically`
    /// commits all or none (the server's `atomicBatches` makes every request atomic).
    public func modifyRecords(saving records: [SimRecord], deleting recordIDs: [String],
                              savePolicy: SavePolicy = .ifServerRecordUnchanged, atomically: Bool = true,
                              completion: @escaping (Result<ModifyResults, SyncError>) -> Void) {
        let stamp = device.stamp()
        let saves = records.map { record in
            let names = FieldNames(of: record.fields)
            return ModifyItem(
                recordID: RecordID(record.recordID),
                operation: .save(type: record.recordType, fields: record.fields, changed: names,
                                 replace: savePolicy != .changedKeys, ledger: IncrementLedger(), fieldTimes: [:]),
                baseTag: record.recordChangeTag, timestamp: stamp, idempotencyKey: nil,
                actions: IntList(device.unsavedActions(of: record.recordID, deleting: false)),
                checksTag: savePolicy == .ifServerRecordUnchanged)
        }
        let deletes = recordIDs.map { id in
            ModifyItem(recordID: RecordID(id), operation: .delete, baseTag: nil, timestamp: stamp, idempotencyKey: nil,
                       actions: IntList(device.unsavedActions(of: id, deleting: true)), checksTag: false)
        }
        let items = saves + deletes
        waiting[device.port.send(.modify(items, atomic: atomically))] = .modify(items, records, atomic: atomically,
                                                                                completion)
    }

    /// Fetches the next page of changes since `token`, or of every live record when it is nil
    /// (CKFetchRecordZoneChangesOperation).
    public func fetchRecordZoneChanges(since token: ServerChangeToken?,
                                       completion: @escaping (Result<ZoneChanges, SyncError>) -> Void) {
        waiting[device.port.send(ServerChangeToken.request(since: token))] = .fetch(completion)
    }

    // MARK: answers

    func isWaiting(for request: Int) -> Bool { waiting[request] != nil }

    func timedOut(_ request: Int) {
        guard waiting[request] != nil else { return }
        device.port.count { $0.timeouts += 1 }
        receive(.failed(.networkTimeout, retryAfter: nil), for: request)
    }

    func receive(_ response: Response, for request: Int) {
        guard let pending = waiting.removeValue(forKey: request) else { return }
        if case let .failed(code, _) = response { device.port.count(code) }
        switch (pending, response) {
        case let (.modify(_, _, _, completion), .failed(code, retryAfter)):
            completion(.failure(SyncError(code, retryAfter: retryAfter)))
        case let (.fetch(completion), .failed(code, retryAfter)):
            completion(.failure(SyncError(code, retryAfter: retryAfter)))
        case let (.modify(items, records, atomic, completion), .modified(results)):
            completion(.success(modified(items, records, results, atomic: atomic)))
        case let (.fetch(completion), .fetched(page)):
            completion(.success(fetched(page)))
        default:
            break
        }
    }

    private func modified(_ items: [ModifyItem], _ records: [SimRecord], _ results: [ItemResult],
                          atomic: Bool) -> ModifyResults {
        if !(atomic || device.port.serverConfig.atomicBatches) && results.contains(where: \.isFailure) {
            device.port.count(.partialFailure)
        }
        var answer = ModifyResults()
        for (offset, (item, result)) in zip(items, results).enumerated() {
            if let code = result.errorCode { device.port.count(code) }
            let isSave = offset < records.count
            switch result {
            case let .saved(version):
                device.observe(version)
                device.acknowledge(item)
                if isSave { answer.saveResults[item.recordID.name] = .success(SimRecord(version)) }
                else { answer.deleteResults[item.recordID.name] = .success(()) }
            case .alreadyDeleted:
                device.acknowledge(item)
                answer.deleteResults[item.recordID.name] = .success(())
            case let .serverRecordChanged(server, ancestor):
                device.observe(server)
                device.metConflict(on: item.recordID)
                var error = SyncError(.serverRecordChanged)
                error.serverRecord = server.deleted ? nil : SimRecord(server)
                error.clientRecord = records[offset]
                error.ancestorRecord = ancestor.flatMap { $0.deleted ? nil : SimRecord($0) }
                answer.saveResults[item.recordID.name] = .failure(error)
            case .unknownItem, .batchRequestFailed:
                let error = SyncError(result.errorCode!, retryAfter: nil)
                if isSave { answer.saveResults[item.recordID.name] = .failure(error) }
                else { answer.deleteResults[item.recordID.name] = .failure(error) }
            }
        }
        return answer
    }

    private func fetched(_ page: FetchPage) -> ZoneChanges {
        page.versions.forEach(device.observe)
        let token: ServerChangeToken
        let more: Bool
        switch page.next {
        case let .done(next): (token, more) = (ServerChangeToken(next), false)
        case let .moreChanges(next): (token, more) = (ServerChangeToken(next), true)
        case let .moreListing(cursor): (token, more) = (ServerChangeToken(cursor), true)
        }
        return ZoneChanges(
            modifications: page.versions.filter { !$0.deleted }.map(SimRecord.init),
            deletions: page.versions.filter(\.deleted).map { RecordDeletion(recordID: $0.id.name, recordType: $0.type) },
            changeToken: token, moreComing: more, commitCount: page.commitCount)
    }
}
