/// The built-in device behind the World's device boundary.
extension Device: VirtualDevice {
    func apply(_ action: StepAction) {
        switch action {
        case .create, .edit, .delete, .increment: perform(action)
        case .offline: goOffline()
        case .online: goOnline()
        case .kill: kill()
        case .launch: launch()
        case .foreground: enterForeground()
        case .background: enterBackground()
        case .sync: trigger(.step)
        case .loseToken: loseToken()
        case .reset: reset()
        case .tunnel, .partition, .rateLimit, .outage, .zoneBusy, .purgeTombstones: break
        }
    }

    func refreshDue() {
        if running { trigger(.interval) }
    }

    func pushArrived() {
        if running { trigger(.push) }
    }

    func timerFired(_ timer: DeviceTimer, generation: Int) {
        switch timer {
        case .afterEdit where generation == afterEditGeneration: trigger(.afterEdit)
        case .retry where generation == retryGeneration: retryDue()
        case let .decision(record): decide(record, shown: generation)
        default: break
        }
    }

    func isWaiting(for request: Int) -> Bool { waiting?.request == request }

    func mayResend(_ key: Int) -> Bool { outbox.holds(serial: key) }

    func noteState() { noteSyncStates() }

    /// A full listing cut short by a failed page is a sync still under way: the device holds only part of what the
    /// server lists (after a reset, nothing else) until its retry goes on from where the listing stopped.
    var isQuiet: Bool { !syncing && listing == nil && outbox.isEmpty && pendingConflicts.isEmpty }

    var end: EndState.DeviceEnd {
        EndState.DeviceEnd(id: id.name, live: store.filter { !$0.value.deleted }, outbox: outbox.count)
    }

    func reportState(in order: RecordOrder) -> DeviceState {
        // With nothing waiting and no conflict shown, every record is synced: no need to look each one up.
        let allSynced = outbox.isEmpty && pendingConflicts.isEmpty
        let records = order.sorted(store).map { id, local in
            RecordState(id: id.name, type: local.type, fields: local.deleted ? nil : local.fields,
                        syncState: (allSynced ? SyncState.synced : syncState(of: id)).rawValue)
        }
        return DeviceState(id: id.name, records: records, outbox: outbox.count, matchesServer: true,
                           convergedAt: lastSyncCompletedAt)
    }

    func syncStateTallies(endingAt end: SimDuration) -> [SyncStateTally] { syncStays.tallies(endingAt: end) }

    var waitingConflicts: [ShownConflict] {
        pendingConflicts.sorted { $0.key < $1.key }.map { record, pending in
            ShownConflict(record: record.name, device: id.name, shownAt: pending.shownAt, decidedAt: nil, decision: nil)
        }
    }
}
