/// A user's sync code, as the simulated `SyncEngine` calls it (CKSyncEngineDelegate). Both calls are synchronous:
/// the simulation is single-threaded and deterministic, so where CKSyncEngine has `async`, drop the `await`.
public protocol SyncEngineDelegate: AnyObject {
    /// Handles what the engine reports: state to persist, fetched changes, the outcome of sends.
    func handleEvent(_ event: SyncEngine.Event, syncEngine: SyncEngine)
    /// The next batch of pending changes to send, among those `context.options.scope` contains; nil when none.
    func nextRecordZoneChangeBatch(_ context: SyncEngine.SendChangesContext,
                                   syncEngine: SyncEngine) -> SyncEngine.RecordZoneChangeBatch?
}
