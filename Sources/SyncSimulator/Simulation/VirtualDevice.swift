/// The one boundary between the World and a device, built-in or running a library user's app: the steps, messages
/// and timers that reach it, whether it is quiet, and what the checks and the report read of it at the end.
protocol VirtualDevice: AnyObject {
    var id: DeviceID { get }
    var index: Int { get }
    var config: DeviceConfig { get }
    /// The device's own clock reading now, skew and drift included, in microseconds.
    var deviceClock: Int64 { get }

    /// Applies a timeline step aimed at this device: a user action or a lifecycle or connectivity change.
    func apply(_ action: StepAction)
    /// The device's refresh interval came round.
    func refreshDue()
    /// A silent push reached the device (the World sends them only to devices whose `sync.push` is on).
    func pushArrived()
    func timerFired(_ timer: DeviceTimer, generation: Int)
    func receive(_ response: Response, for request: Int)
    /// The link's timeout for `request` passed; false when that left the device as it was (the request was
    /// answered already), with nothing new to note.
    func timedOut(_ request: Int) -> Bool
    /// Whether the device still waits for the answer to `request`.
    func isWaiting(for request: Int) -> Bool
    /// Whether the device may still send a change under the idempotency key `key` (the change waits in its outbox).
    func mayResend(_ key: Int) -> Bool
    /// Settle: the app runs in the foreground online and syncs until it has nothing left to do.
    func beginSettle()
    /// Notes what changed on the device since the last call: record liveness (in the History) and sync states.
    func noteState()
    /// No sync under way and nothing waiting to be sent or decided.
    var isQuiet: Bool { get }

    /// The device's live records and how many changes still wait, as the checks read them at the end.
    var end: EndState.DeviceEnd { get }
    /// The device's end state as the report shows it, taken to match the server (converged when its last sync
    /// completed); the report marks it apart where its records differ from the server's. `order` puts records
    /// in id order.
    func reportState(in order: RecordOrder) -> DeviceState
    /// How often and how long its records sat in each sync state but `synced`, stays under way ending at `end`.
    func syncStateTallies(endingAt end: SimDuration) -> [SyncStateTally]
    /// Conflicts shown to the user and not yet decided, in record order.
    var waitingConflicts: [ShownConflict] { get }
}
