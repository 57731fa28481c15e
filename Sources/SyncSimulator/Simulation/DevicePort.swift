/// What the World hands a device, built-in or running a user's app: the clock, the link to the server, timers, and
/// the History and counters to record into. The device reaches nothing else of the world.
struct DevicePort {
    /// The World owns every device, and a device is used only while its World is (the run, then the report built
    /// from it; an app's engine and database reach the device through checked `unowned` references), so the port
    /// never outlives it: each use borrows the World, without the atomic retain and release a reference costs.
    private let unmanagedWorld: Unmanaged<World>
    let index: Int

    init(world: World, index: Int) {
        unmanagedWorld = .passUnretained(world)
        self.index = index
    }

    /// Runs `body` on the World, borrowed for the call.
    private func withWorld<Result>(_ body: (World) -> Result) -> Result {
        unmanagedWorld._withUnsafeGuaranteedRef(body)
    }

    var now: SimDuration { withWorld(\.now) }
    var history: History { withWorld(\.history) }
    var serverConfig: ServerConfig { withWorld(\.serverConfig) }

    /// The id of the record a user's step names with `name`.
    func recordID(named name: String) -> RecordID { withWorld { $0.timelineNames.id(of: name) } }

    /// Airplane mode: the device knows it is offline.
    var isOffline: Bool {
        get { withWorld { $0.links[index].airplane } }
        nonmutating set { withWorld { $0.links[index].airplane = newValue } }
    }

    /// Sends a request; the answer, or the timeout, comes back through the device boundary with the id returned.
    func send(_ request: Request) -> Int { withWorld { $0.send(request, from: index) } }

    /// Sends a request once and waits for nothing: no timeout comes back, and its answer is one the device does not
    /// wait for (a hard-deleting client's delete).
    func sendWithoutWaiting(_ request: Request) { withWorld { $0.sendWithoutWaiting(request, from: index) } }

    func schedule(_ timer: DeviceTimer, after delay: SimDuration, generation: Int) {
        withWorld { $0.schedule(timer, for: index, after: delay, generation: generation) }
    }

    func count(_ change: (inout Counters) -> Void) { withWorld { change(&$0.counters) } }

    /// Counts an error the device met.
    func count(_ error: ServerErrorCode) { withWorld { $0.count(error) } }

    /// A fetch that the server served when it had made `commitCount` commits finished.
    func noteFetched(commitCount: Int) { withWorld { $0.noteFetched(index, commitCount: commitCount) } }

    /// A conflict timestamp taken now on a clock that reads `reading`, noted for the skew check.
    func noteStamp(_ reading: Int64) { withWorld { $0.trueTimes?[reading] = $0.now.micros } }

    /// For the skew check: `conflict` with each timestamp noted by `noteStamp` replaced by the true time at which it
    /// was taken; nil when no device's clock is skewed or drifts, so no decision can be a skewed clock's.
    func inTrueTime(_ conflict: Conflict) -> Conflict? { withWorld { $0.trueTimes.map(conflict.inTrueTime) } }
}
