/// What the World hands a device, built-in or running a user's app: the clock, the link to the server, timers, and
/// the History and counters to record into. The device reaches nothing else of the world.
struct DevicePort {
    /// The World owns every device and calls into it only while running, so the port never outlives it: the
    /// reference skips the checked `unowned` retain and release on each of the many reads a device makes per event.
    private unowned(unsafe) let world: World
    let index: Int

    init(world: World, index: Int) {
        self.world = world
        self.index = index
    }

    var now: SimDuration { world.now }
    var history: History { world.history }
    var serverConfig: ServerConfig { world.serverConfig }

    /// Airplane mode: the device knows it is offline.
    var isOffline: Bool {
        get { world.links[index].airplane }
        nonmutating set { world.links[index].airplane = newValue }
    }

    /// Sends a request; the answer, or the timeout, comes back through the device boundary with the id returned.
    func send(_ request: Request) -> Int { world.send(request, from: index) }

    /// Sends a request once and waits for nothing: no timeout comes back, and its answer is one the device does not
    /// wait for (a hard-deleting client's delete).
    func sendWithoutWaiting(_ request: Request) { world.sendWithoutWaiting(request, from: index) }

    func schedule(_ timer: DeviceTimer, after delay: SimDuration, generation: Int) {
        world.schedule(timer, for: index, after: delay, generation: generation)
    }

    func count(_ change: (inout Counters) -> Void) { change(&world.counters) }

    /// A fetch that the server served when it had made `commitCount` commits finished.
    func noteFetched(commitCount: Int) { world.noteFetched(index, commitCount: commitCount) }

    /// A conflict timestamp taken now on a clock that reads `reading`, noted for the skew check.
    func noteStamp(_ reading: Int64) { world.trueTimes?[reading] = now.micros }

    /// For the skew check: `conflict` with each timestamp noted by `noteStamp` replaced by the true time at which it
    /// was taken; nil when no device's clock is skewed or drifts, so no decision can be a skewed clock's.
    func inTrueTime(_ conflict: Conflict) -> Conflict? { world.trueTimes.map(conflict.inTrueTime) }
}
