/// One run's world: the engine's clock and queue, the server, the links and the devices, and the History.
///
/// Its stored state is `@exclusivity(unchecked)`, as are the Device's, the Server's and the History's: a run is
/// confined to one thread, its code never overlaps two accesses to one property (the checks found none while they
/// were on), and the run-time checks cost about a quarter of a run's instructions.
final class World {
    let scenario: Scenario
    let strategy: any ConflictStrategy
    let history = History()
    let server: Server
    @exclusivity(unchecked) var links: [Link] = []
    @exclusivity(unchecked) private(set) var devices: [any VirtualDevice] = []
    /// Each device's index in `devices`, by id.
    private let deviceLookup: DeviceLookup
    /// The indices, ascending, of the devices that sync on a silent push (`sync.push`); the others are sent none.
    private let pushTakers: [Int]
    @exclusivity(unchecked) var counters = Counters()
    /// The errors devices met, by code in declaration order, added to `counters` when the run ends: counting them in
    /// the counters' table by name hashed the name each time.
    @exclusivity(unchecked) private var errorCounts = [Int](repeating: 0, count: ServerErrorCode.allCases.count)
    /// The true time at which each conflict timestamp was taken, to tell a decision that a skewed clock made; kept
    /// only when some device's clock is skewed or drifts.
    @exclusivity(unchecked) var trueTimes: [Int64: Int64]?
    /// Where every dispatched event is traced, when a trace was asked for.
    @exclusivity(unchecked) var trace: Trace?
    /// Where the messages a timeline draws are recorded, when a timeline was asked for.
    @exclusivity(unchecked) var recorder: TimelineRecorder?
    @exclusivity(unchecked) private(set) var load = ServerLoad()
    @exclusivity(unchecked) private(set) var now = SimDuration.zero
    @exclusivity(unchecked) private var queue = EventQueue<Event>()
    /// The pushes of commits sent to several devices, each commit's queued as one event.
    @exclusivity(unchecked) private var fanOuts = PushFanOuts()
    /// Where the queue's operations are recorded, when the bench asked for them.
    @exclusivity(unchecked) var queueRecording: QueueRecording?
    /// The ids of the records the user's steps name, by their strings.
    @exclusivity(unchecked) var timelineNames = TimelineNames()
    /// The timeline's steps in the order they happen, and how many have been taken. Steps are not queued: each
    /// comes before every event queued for its moment, so the queue holds only what the run itself scheduled.
    @exclusivity(unchecked) private var stepOrder: [Int] = []
    @exclusivity(unchecked) private var stepsTaken = 0
    @exclusivity(unchecked) private var nextRequest = 0

    @exclusivity(unchecked) private(set) var settleStartedAt: SimDuration = .zero
    @exclusivity(unchecked) private(set) var settling = false
    @exclusivity(unchecked) private(set) var quietAt: SimDuration?
    /// The limit the run reached, if it reached one.
    @exclusivity(unchecked) private(set) var exhaustedLimit: ExhaustedLimit?
    /// Messages (requests, answers, pushes) on their way.
    @exclusivity(unchecked) private var messagesInFlight = 0
    /// Each device's modify requests on their way to the server or waiting to be answered there, copies included.
    @exclusivity(unchecked) private var modifiesInFlight: [Int]
    /// Each device's requests whose timeout is not queued yet, as the request and its answer are on their way to
    /// arrive before it: a timeout is queued only once either is lost or late, most find their request answered.
    @exclusivity(unchecked) private var unqueuedTimeouts: [[UnqueuedTimeout]]
    @exclusivity(unchecked) private var quietDevices: DeviceSet
    /// Devices whose last complete fetch was served after the server's last commit.
    @exclusivity(unchecked) private var currentDevices: DeviceSet

    var serverConfig: ServerConfig { scenario.server }
    /// Whether some device runs a library user's app.
    var runsApps: Bool { devices.contains { $0 is AppDevice } }

    /// Devices whose id `apps` names run that library user's app; the others are built-in devices.
    init(scenario: Scenario, strategy: any ConflictStrategy, apps: AppFactories = AppFactories()) {
        self.scenario = scenario
        self.strategy = strategy
        // Most steps are a user action on one device.
        history.reserveCapacity(actions: scenario.timeline.count)
        var clockMode = LWWClock.device
        if case let .lww(clock) = scenario.strategy { clockMode = clock }
        server = Server(config: scenario.server, history: history, stampsCommitTime: clockMode == .server,
                        deviceIDs: scenario.devices.map { DeviceID($0.id) })
        server.seed(scenario.records)
        if scenario.devices.contains(where: { $0.clock != ClockConfig() }) { trueTimes = [:] }
        pushTakers = scenario.devices.indices.filter { scenario.devices[$0].sync.push }
        deviceLookup = DeviceLookup(ids: scenario.devices.map(\.id))
        modifiesInFlight = Array(repeating: 0, count: scenario.devices.count)
        unqueuedTimeouts = Array(repeating: [], count: scenario.devices.count)
        quietDevices = DeviceSet(devices: scenario.devices.count)
        currentDevices = DeviceSet(devices: scenario.devices.count)
        // The ids are sorted, not the versions: an id moves as one word, and compares without reaching its version.
        let seeds = server.records.keys.sorted().map { server.records[$0]! }
        let seedToken = server.currentToken(at: .zero)
        for (index, config) in scenario.devices.enumerated() {
            links.append(Link(config: config.network, random: RandomStream(seed: scenario.seed, label: "network/\(config.id)"),
                              pushRandom: RandomStream(seed: scenario.seed, label: "push/\(config.id)")))
            links[index].airplane = !config.online
            let port = DevicePort(world: self, index: index)
            if let factory = apps.factory(for: config.id) {
                devices.append(AppDevice(config: config, port: port, factory: factory, seeds: seeds, seedToken: seedToken,
                                         seed: scenario.seed))
            } else {
                let device = Device(config: config, port: port, strategy: strategy, clockMode: clockMode,
                                    random: RandomStream(seed: scenario.seed, label: "device/\(config.id)"))
                device.seed(seeds, token: seedToken)
                devices.append(device)
            }
        }
    }

    /// The index in `devices` of the device with id `name` (the last of several with that id).
    func index(ofDevice name: String) -> Int? { deviceLookup.index(of: name) }

    // MARK: running

    /// Runs the timeline, then settle, until quiet, the settle deadline, or a limit.
    func run() {
        defer {
            for (code, count) in zip(ServerErrorCode.allCases, errorCounts) where count > 0 {
                counters.errors[code.rawValue, default: 0] += count
            }
        }
        stepOrder = scenario.timeline.indices.sorted { (scenario.timeline[$0].at, $0) < (scenario.timeline[$1].at, $1) }
        let settleAt = scenario.timeline.map { $0.at + ($0.action.window ?? .zero) }.max() ?? .zero
        enqueue(.settle, at: settleAt)
        for device in devices where !device.config.sync.interval.isForever {
            enqueue(.refresh(device: device.index), at: device.config.sync.interval)
        }
        for case let device as AppDevice in devices {
            device.start()
            noteState(of: device.index)
        }
        while let (time, event) = nextEvent() {
            counters.events += 1
            if time > scenario.limits.time {
                exhaustedLimit = ExhaustedLimit(key: .time(scenario.limits.time), at: scenario.limits.time)
                return
            }
            if counters.events > scenario.limits.events {
                exhaustedLimit = ExhaustedLimit(key: .events(scenario.limits.events), at: now)
                return
            }
            now = time
            trace?.append(traceLine(event))
            if !dispatch(consume event) { return }
            if settling && isQuiet && (nextEventTime ?? .forever) > now {
                quietAt = now
                return
            }
        }
    }

    /// The next step of the timeline or the next queued event, whichever comes first.
    @inline(__always)
    private func nextEvent() -> (time: SimDuration, event: Event)? {
        if let step = nextStep, step.at <= queue.nextTime ?? .forever {
            stepsTaken += 1
            return (step.at, .step(step.index))
        }
        queueRecording?.pop()
        guard let (time, event) = queue.pop() else { return nil }
        guard case let .pushes(fanOut) = event else { return (time, event) }
        let (taken, next) = fanOuts.takeEarliest(of: fanOut)
        if let next { enqueue(.pushes(fanOut: fanOut), at: next.time, in: next.place) }
        return (time, .push(device: taken.device))
    }

    private var nextStep: (index: Int, at: SimDuration)? {
        guard stepsTaken < stepOrder.count else { return nil }
        let index = stepOrder[stepsTaken]
        return (index, scenario.timeline[index].at)
    }

    private var nextEventTime: SimDuration? {
        guard let step = nextStep else { return queue.nextTime }
        return min(step.at, queue.nextTime ?? .forever)
    }

    private var isQuiet: Bool {
        messagesInFlight == 0 && quietDevices.count == devices.count && currentDevices.count == devices.count
    }

    /// Handles one event; false ends the run.
    private func dispatch(_ event: consuming Event) -> Bool {
        switch consume event {
        case let .step(index):
            perform(step: index)
        case .settle:
            beginSettle()
        case .settleDeadline:
            return false
        case let .refresh(index):
            devices[index].refreshDue()
            enqueue(.refresh(device: index), at: now + devices[index].config.sync.interval)
            noteState(of: index)
        case let .timer(index, timer, generation):
            devices[index].timerFired(timer, generation: generation)
            noteState(of: index)
        case let .atServer(index, request, payload):
            messagesInFlight -= 1
            let lost = links[index].isDown(at: now)
            recorder?.reachedServer(request, at: now, lost: lost)
            if lost {
                counters.requestsLost += 1
                if case .modify = payload { modifiesInFlight[index] -= 1 }
                queueTimeout(of: request, from: index)
            } else {
                deliver(.serverAnswers(device: index, request: request, payload), after: serverConfig.processing)
            }
        case let .serverAnswers(index, request, payload):
            messagesInFlight -= 1
            if case .modify = payload { modifiesInFlight[index] -= 1 }
            answer(payload, request: request, from: index)
        case let .atDevice(index, request, response):
            messagesInFlight -= 1
            let lost = links[index].isDown(at: now)
            recorder?.reachedDevice(request, at: now, lost: lost)
            if lost {
                counters.responsesLost += 1
                queueTimeout(of: request, from: index)
            } else {
                dropTimeout(of: request, from: index)
                devices[index].receive(response, for: request)
                forgetAnswers(of: index)
            }
            noteState(of: index)
        case let .timeout(index, request):
            if devices[index].isWaiting(for: request) { recorder?.timedOut(request, device: devices[index].id.name, at: now) }
            // Most timeouts find their request answered.
            if devices[index].timedOut(request) { noteState(of: index) }
        case .pushes:
            preconditionFailure("a fan-out of pushes is taken apart as it is popped")
        case let .push(index):
            messagesInFlight -= 1
            if !links[index].isDown(at: now) {
                recorder?.pushed(to: devices[index].id.name, at: now)
                devices[index].pushArrived()
            }
            noteState(of: index)
        }
        return true
    }

    /// Takes the timeline's step `index`, read in place.
    private func perform(step index: Int) {
        switch scenario.timeline[index].action {
        case .rateLimit(let span, let retryAfter):
            server.beginFault(.rateLimit, until: now + span, retryAfter: retryAfter)
        case .outage(let span, let retryAfter):
            server.beginFault(.outage, until: now + span, retryAfter: retryAfter)
        case .zoneBusy(let span):
            server.beginFault(.zoneBusy, until: now + span, retryAfter: nil)
        case .purgeTombstones:
            server.purgeAllTombstones()
        default:
            for device in scenario.timeline[index].devices {
                guard let target = self.index(ofDevice: device) else { continue }
                apply(scenario.timeline[index].action, to: devices[target])
                noteState(of: target)
            }
        }
    }

    private func apply(_ action: StepAction, to device: any VirtualDevice) {
        switch action {
        case let .tunnel(span, up, down): links[device.index].tunnel(from: now, for: span, up: up, down: down)
        case let .partition(span): links[device.index].partition(from: now, for: span)
        default: device.apply(action)
        }
    }

    private func beginSettle() {
        settling = true
        settleStartedAt = now
        server.endFaults()
        for index in links.indices { links[index].endFaults() }
        for device in devices {
            device.beginSettle()
            noteState(of: device.index)
        }
        enqueue(.settleDeadline, at: now + scenario.expect.within)
    }

    // MARK: messages

    /// Sends a request of a device's sync cycle; the device gives it up after its link's timeout. The timeout is
    /// queued at once only if the request is lost or its answer cannot arrive before it; otherwise it takes its
    /// place among the events now and is queued there when its request or answer is lost (see `UnqueuedTimeout`).
    func send(_ request: Request, from index: Int) -> Int {
        let (id, arrival) = transmit(request, from: index)
        let deadline = now + links[index].config.timeout
        if let arrival, arrival + serverConfig.processing < deadline {
            unqueuedTimeouts[index].append(UnqueuedTimeout(request: id, deadline: deadline, place: queue.takePlace()))
        } else {
            enqueue(.timeout(device: index, request: id), at: deadline)
        }
        return id
    }

    /// Queues the request's timeout in the place it took when sent, if it is not queued yet: the request or its answer
    /// is lost, or the answer would arrive too late. Its time has not come yet.
    private func queueTimeout(of request: Int, from index: Int) {
        guard let found = unqueuedTimeouts[index].firstIndex(where: { $0.request == request }) else { return }
        let timeout = unqueuedTimeouts[index].remove(at: found)
        enqueue(.timeout(device: index, request: request), at: timeout.deadline, in: timeout.place)
    }

    /// Forgets the request's timeout, not queued: its answer arrived before it.
    private func dropTimeout(of request: Int, from index: Int) {
        if let found = unqueuedTimeouts[index].firstIndex(where: { $0.request == request }) {
            unqueuedTimeouts[index].remove(at: found)
        }
    }

    /// Sends a request that no timeout follows: the device does not wait for its answer.
    func sendWithoutWaiting(_ request: Request, from index: Int) {
        _ = transmit(request, from: index)
    }

    /// Sends a request; returns its id and when its last copy reaches the server, nil when it is lost at once.
    private func transmit(_ request: Request, from index: Int) -> (id: Int, arrival: SimDuration?) {
        nextRequest += 1
        counters.requests += 1
        if links[index].isDown(at: now) || links[index].losesRequest() {
            counters.requestsLost += 1
            recorder?.sent(request, id: nextRequest, from: devices[index].id.name, at: now, copies: 0)
            return (nextRequest, nil)
        }
        let copies = links[index].duplicates() ? 2 : 1
        recorder?.sent(request, id: nextRequest, from: devices[index].id.name, at: now, copies: copies)
        counters.duplicatesDelivered += copies - 1
        if case .modify = request { modifiesInFlight[index] += copies }
        var arrival = now
        for _ in 0..<copies {
            let latency = links[index].latency()
            arrival = max(arrival, now + latency)
            deliver(.atServer(device: index, request: nextRequest, request), after: latency)
        }
        return (nextRequest, arrival)
    }

    /// Lets the server forget the answers to a device's changes that it will not send again, once no modify request
    /// of the device is on its way: the answers a run keeps are those still of use, not one per change ever made.
    private func forgetAnswers(of index: Int) {
        guard modifiesInFlight[index] == 0 else { return }
        let device = devices[index]
        server.forgetAnswers(of: index) { device.mayResend($0) }
    }

    private func answer(_ request: Request, request id: Int, from index: Int) {
        let commitsBefore = server.commitCount
        let response = server.handle(request, from: index, at: now)
        load.count(at: now, rejected: response.isRejection)
        if server.commitCount != commitsBefore {
            counters.commits += server.commitCount - commitsBefore
            currentDevices.removeAll()
            pushToAll(but: index)
        }
        if links[index].isDown(at: now) || links[index].losesResponse() {
            counters.responsesLost += 1
            recorder?.answered(id, response, to: request, device: devices[index].id.name, at: now, lost: true)
            queueTimeout(of: id, from: index)
            return
        }
        recorder?.answered(id, response, to: request, device: devices[index].id.name, at: now, lost: false)
        let latency = links[index].latency()
        if let waiting = unqueuedTimeouts[index].first(where: { $0.request == id }), now + latency >= waiting.deadline {
            queueTimeout(of: id, from: index)
        }
        deliver(.atDevice(device: index, request: id, response), after: latency)
    }

    /// Silent pushes, best effort, to every device but the one whose change was committed. Each counts as sent; only
    /// those to devices that sync on a push travel, so a commit costs nothing for the devices that would ignore it.
    /// With `PushFanOuts.fewestTakers` or more devices taking pushes, a commit's pushes are queued as one fan-out.
    private func pushToAll(but sender: Int) {
        counters.pushes += devices.count - 1
        guard pushTakers.count >= PushFanOuts.fewestTakers else {
            for index in pushTakers where index != sender && !links[index].isDown(at: now) {
                deliver(.push(device: index), after: links[index].pushLatency())
            }
            return
        }
        let held = fanOuts.hold { deliveries in
            for index in pushTakers where index != sender && !links[index].isDown(at: now) {
                messagesInFlight += 1
                deliveries.append(PushFanOuts.Delivery(time: now + links[index].pushLatency(), place: queue.takePlace(),
                                                       device: index))
            }
        }
        if let (fanOut, earliest) = held { enqueue(.pushes(fanOut: fanOut), at: earliest.time, in: earliest.place) }
    }

    private func deliver(_ event: consuming Event, after delay: SimDuration) {
        messagesInFlight += 1
        enqueue(event, at: now + delay)
    }

    /// Queues an event, in a place taken before when given, and records it when the queue's operations are recorded.
    private func enqueue(_ event: consuming Event, at time: SimDuration, in place: EventQueue<Event>.Place? = nil) {
        let place = place ?? queue.takePlace()
        queueRecording?.push(copy event, at: time, sequence: place.sequence)
        queue.push(event, at: time, in: place)
    }

    /// Counts an error a device met.
    func count(_ error: ServerErrorCode) {
        errorCounts[ServerErrorCode.allCases.firstIndex(of: error)!] += 1
    }

    func schedule(_ timer: DeviceTimer, for index: Int, after delay: SimDuration, generation: Int) {
        enqueue(.timer(device: index, timer, generation: generation), at: now + delay)
    }

    // MARK: quiet

    /// A device finished a fetch that the server served when it had made `commitCount` commits.
    func noteFetched(_ index: Int, commitCount: Int) {
        if commitCount == server.commitCount { currentDevices.insert(index) }
    }

    private func noteState(of index: Int) {
        let device = devices[index]
        device.noteState()
        if device.isQuiet {
            quietDevices.insert(index)
        } else {
            quietDevices.remove(index)
        }
    }
}

/// A request's timeout not queued yet, with the place among the events it took when the request was sent: queued in
/// that place, it runs exactly where it would have run had it been queued then. Most requests are answered in time,
/// and their timeouts, which would find them answered, are never queued.
private struct UnqueuedTimeout {
    var request: Int
    var deadline: SimDuration
    var place: EventQueue<Event>.Place
}
