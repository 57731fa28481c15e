/// The outcome of one scenario run: everything the writers render, as a plain value.
public struct Report: Hashable, Sendable {
    /// The scenario's name.
    public var scenario: String
    /// The scenario's description.
    public var description: String
    /// The scenario file's path relative to the suite root, e.g. `conflicts/two-devices.json`; reports go beside it.
    public var suitePath: String
    /// The seed the run used.
    public var seed: UInt64
    /// The conflict strategy's name.
    public var strategy: String
    /// Passed, failed, or stopped by a limit.
    public var result: RunResult
    /// When settle started and, if the run went quiet, how long after the start (true time).
    public var settleStartedAt: SimDuration
    /// When the run went quiet (true time), or nil if it never did.
    public var quietAt: SimDuration?
    /// When the run ended (true time).
    public var endedAt: SimDuration
    /// Every expectation checked, in order.
    public var expectations: [ExpectationResult]
    /// The server's records at the end, by id.
    public var server: [RecordState]
    /// Each device at the end, in the scenario's order.
    public var devices: [DeviceState]
    /// What went wrong, each in a sentence.
    public var anomalies: [Anomaly]
    /// Every conflict a device met, in the order they happened: the timestamps compared and what was decided.
    public var conflicts: [ConflictDecision]
    /// Conflicts `user-choice` showed to users, in the order they were shown.
    public var conflictsShown: [ShownConflict]
    /// How much happened: events, requests, commits, errors...
    public var counters: Counters
    /// The requests the server saw, minute by minute.
    public var load: ServerLoad
    /// Time spent by records in each sync state other than `synced`, in the order of `SyncState`.
    public var syncStates: [SyncStateTally]
    /// How long after settle started each device that converged did so.
    public var timeToConverge: Spread?
    /// The command that runs the scenario again with the same seed.
    public var repro: String
    /// What the reader should know about how the run was set up, e.g. a device's `client` options that do not apply
    /// because it runs a library user's app.
    public var notes: [String] = []
    /// What the HTML report draws, when the run recorded it (`Simulation.run(trace:recordsTimeline:)`).
    public var timeline: Timeline?

    /// A report from its parts.
    public init(scenario: String, description: String, suitePath: String, seed: UInt64, strategy: String,
                result: RunResult, settleStartedAt: SimDuration, quietAt: SimDuration?, endedAt: SimDuration,
                expectations: [ExpectationResult], server: [RecordState], devices: [DeviceState],
                anomalies: [Anomaly], conflicts: [ConflictDecision] = [], conflictsShown: [ShownConflict] = [],
                counters: Counters,
                load: ServerLoad = ServerLoad(), syncStates: [SyncStateTally] = [], timeToConverge: Spread? = nil,
                repro: String) {
        self.scenario = scenario
        self.description = description
        self.suitePath = suitePath
        self.seed = seed
        self.strategy = strategy
        self.result = result
        self.settleStartedAt = settleStartedAt
        self.quietAt = quietAt
        self.endedAt = endedAt
        self.expectations = expectations
        self.server = server
        self.devices = devices
        self.anomalies = anomalies
        self.conflicts = conflicts
        self.conflictsShown = conflictsShown
        self.counters = counters
        self.load = load
        self.syncStates = syncStates
        self.timeToConverge = timeToConverge
        self.repro = repro
    }

    /// Whether every expectation held and the run did not exhaust its budget.
    public var passed: Bool { result == .passed }
}

/// How a run ended.
public enum RunResult: String, Hashable, Sendable {
    case passed
    case failed
    /// A limit of `limits` (time or events) was reached before the run ended.
    case budgetExhausted = "budget-exhausted"
}

/// One expectation with what was expected and what happened.
public struct ExpectationResult: Hashable, Sendable {
    /// The key in `expect`, e.g. `zombies` or `records.fav1.rating`.
    public var key: String
    /// What the scenario expected.
    public var expected: String
    /// What happened.
    public var actual: String
    /// Whether the expectation held.
    public var held: Bool
    /// A result from its parts.
    public init(key: String, expected: String, actual: String, held: Bool) {
        self.key = key
        self.expected = expected
        self.actual = actual
        self.held = held
    }
}

/// One record as a replica (the server or a device) holds it at the end.
public struct RecordState: Hashable, Sendable {
    /// The record's id.
    public var id: String
    /// The record's type.
    public var type: String
    /// `nil` when the record is deleted (a tombstone) on this replica.
    public var fields: Fields?
    /// The device's sync state of the record (`synced`, `pending`, `conflict`, `offline`); `nil` on the server.
    public var syncState: String?
    /// A record's state from its parts.
    public init(id: String, type: String, fields: Fields?, syncState: String? = nil) {
        self.id = id
        self.type = type
        self.fields = fields
        self.syncState = syncState
    }
    /// Whether the record is deleted (or a local tombstone).
    public var deleted: Bool { fields == nil }
}

/// One device's end state.
public struct DeviceState: Hashable, Sendable {
    /// The device's id.
    public var id: String
    /// The device's records at the end, by id.
    public var records: [RecordState]
    /// Changes still in the outbox at the end.
    public var outbox: Int
    /// Whether the device shows the server's state of every record.
    public var matchesServer: Bool
    /// True time at which this device last became consistent with the server for good, if it did.
    public var convergedAt: SimDuration?
    /// The device clock's skew and drift, which its conflict timestamps carry.
    public var clock: ClockConfig
    /// A device's state from its parts.
    public init(id: String, records: [RecordState], outbox: Int, matchesServer: Bool, convergedAt: SimDuration?,
                clock: ClockConfig = ClockConfig()) {
        self.id = id
        self.records = records
        self.outbox = outbox
        self.matchesServer = matchesServer
        self.convergedAt = convergedAt
        self.clock = clock
    }
}

/// Something that went wrong (or, for the informational kinds, something worth knowing) on one record.
public struct Anomaly: Hashable, Sendable {
    /// What kind of anomaly it is.
    public enum Kind: String, Hashable, Sendable {
        case zombie, lostUpdate = "lost-update", duplicate, stuck, divergence
        case resurrectedByEdit = "resurrected-by-edit", editDroppedByDelete = "edit-dropped-by-delete"
    }
    /// What kind of anomaly it is.
    public var kind: Kind
    /// The record concerned; `nil` for a device-wide anomaly such as `stuck`.
    public var record: String?
    /// The devices involved, the acting one first.
    public var devices: [String]
    /// The true times of the writes and deletes involved, in order.
    public var times: [SimDuration]
    /// One plain sentence saying what happened.
    public var sentence: String {
        get { writeSentence() }
        set { writeSentence = { newValue } }
    }
    /// Writes the sentence when it is read: most anomalies the checks find are explained, and a fuzz campaign reads
    /// the sentences of failures only.
    private var writeSentence: @Sendable () -> String
    /// What accounts for a lost update or a zombie, where the checks can tell; `nil` otherwise (a lost update
    /// without a cause is one `unexplainedLostUpdates` counts).
    public var cause: Cause?
    /// An anomaly from its parts.
    public init(kind: Kind, record: String?, devices: [String], times: [SimDuration], sentence: String,
                cause: Cause? = nil) {
        self.init(kind: kind, record: record, devices: devices, times: times, cause: cause) { sentence }
    }

    /// An anomaly whose sentence `write` writes each time it is read.
    init(kind: Kind, record: String?, devices: [String], times: [SimDuration], cause: Cause? = nil,
         sentence write: @escaping @Sendable () -> String) {
        self.kind = kind
        self.record = record
        self.devices = devices
        self.times = times
        writeSentence = write
        self.cause = cause
    }

    public static func == (lhs: Anomaly, rhs: Anomaly) -> Bool {
        lhs.kind == rhs.kind && lhs.record == rhs.record && lhs.devices == rhs.devices && lhs.times == rhs.times
            && lhs.cause == rhs.cause && lhs.sentence == rhs.sentence
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(record)
        hasher.combine(devices)
        hasher.combine(times)
        hasher.combine(sentence)
        hasher.combine(cause)
    }

    /// What accounts for an anomaly.
    public enum Cause: String, Hashable, Sendable {
        /// The change (a lost value, or a zombie's delete) was still in its device's outbox, never committed,
        /// when the device was reset.
        case reset
        /// Another device's change of the record (of the field, under `field-merge`) was concurrent with the lost
        /// value, or a write of the record was concurrent with a zombie's delete and won over it: neither device had
        /// received the other's change before making its own.
        case concurrentChange = "concurrent-change"
        /// A conflict of the record was decided by skewed or drifting clocks: by the true times of the changes it
        /// compared, the strategy would have decided the other way.
        case clockSkew = "clock-skew"
    }
}

/// A record's sync state on a device, as an app shows it.
public enum SyncState: String, Hashable, Sendable, CaseIterable {
    case synced
    /// Changed locally, waiting to be sent or acknowledged.
    case pending
    /// Waiting for the user's decision on a conflict.
    case conflict
    /// Changed locally while the device is offline.
    case offline
}

/// How often and how long records sat in one sync state, summed over every device and record.
public struct SyncStateTally: Hashable, Sendable {
    /// The sync state.
    public var state: SyncState
    /// How many times a record entered the state.
    public var entered: Int
    /// How long records spent in it, summed over devices.
    public var total: SimDuration
    /// The longest single stay.
    public var longest: SimDuration
    /// A tally from its parts.
    public init(state: SyncState, entered: Int, total: SimDuration, longest: SimDuration) {
        self.state = state
        self.entered = entered
        self.total = total
        self.longest = longest
    }
}

/// A conflict shown to a user: when, how long it waited, and what the user decided.
public struct ShownConflict: Hashable, Sendable {
    /// The record in conflict.
    public var record: String
    /// The device that met it.
    public var device: String
    /// When it was shown to the user.
    public var shownAt: SimDuration
    /// Nil when the user had not decided by the end of the run.
    public var decidedAt: SimDuration?
    /// What the user chose, if they did.
    public var decision: UserChoice?
    /// A shown conflict from its parts.
    public init(record: String, device: String, shownAt: SimDuration, decidedAt: SimDuration?, decision: UserChoice?) {
        self.record = record
        self.device = device
        self.shownAt = shownAt
        self.decidedAt = decidedAt
        self.decision = decision
    }
}

/// A conflict a device met: when, on which record, the two timestamps its strategy compared, and what was decided.
public struct ConflictDecision: Hashable, Sendable {
    /// When the device met the conflict (true time).
    public var time: SimDuration
    /// The device that met it.
    public var device: String
    /// The record in conflict.
    public var record: String
    /// The clock the conflict timestamps come from; nil on a device that runs a library user's app, which resolves
    /// its own conflicts and shows the simulator no timestamps.
    public var clock: LWWClock?
    /// The device's pending change as the strategy saw it; nil when the clock is.
    public var local: ConflictStamp?
    /// The server's version as the strategy saw it; nil when the clock is.
    public var server: ConflictStamp?
    /// What the strategy decided: "kept the device's version", "kept the server's version", "merged",
    /// "shown to the user" or, on a device that runs a user's app, "left to the app".
    public var resolution: String
    /// Whether the strategy would have decided otherwise by the true times at which the two timestamps were taken:
    /// skewed or drifting clocks decided it.
    public var skewed: Bool
    /// For a conflict shown to the user: when the user decided and what; nil while undecided (or never shown).
    public var decidedAt: SimDuration?
    /// What the user chose, if they did.
    public var decision: UserChoice?
    /// A conflict from its parts.
    public init(time: SimDuration, device: String, record: String, clock: LWWClock?, local: ConflictStamp?,
                server: ConflictStamp?, resolution: String, skewed: Bool, decidedAt: SimDuration? = nil,
                decision: UserChoice? = nil) {
        self.time = time
        self.device = device
        self.record = record
        self.clock = clock
        self.local = local
        self.server = server
        self.resolution = resolution
        self.skewed = skewed
        self.decidedAt = decidedAt
        self.decision = decision
    }
}

/// One side of a conflict as its strategy compared it: the side's timestamp and the true time it was taken.
public struct ConflictStamp: Hashable, Sendable {
    /// The side's conflict timestamp, read as a time since the start of the run on the strategy's clock.
    public var timestamp: SimDuration
    /// The true time at which that timestamp was taken; equal to `timestamp` on a clock that keeps true time.
    public var takenAt: SimDuration
    /// Whether this side deleted the record.
    public var deleted: Bool
    /// A side's stamp from its parts.
    public init(timestamp: SimDuration, takenAt: SimDuration, deleted: Bool = false) {
        self.timestamp = timestamp
        self.takenAt = takenAt
        self.deleted = deleted
    }
}

/// Run counters; every dictionary is rendered in sorted key order.
public struct Counters: Hashable, Sendable {
    /// Events the engine dispatched.
    public var events = 0
    /// Requests devices sent.
    public var requests = 0
    /// Requests lost on the way to the server.
    public var requestsLost = 0
    /// Answers lost on the way back.
    public var responsesLost = 0
    /// Extra copies of requests the network delivered.
    public var duplicatesDelivered = 0
    /// Requests a device gave up on.
    public var timeouts = 0
    /// Retries after a failed sync.
    public var retries = 0
    /// Conflicts devices met.
    public var conflicts = 0
    /// Versions the server committed.
    public var commits = 0
    /// Silent pushes the server sent.
    public var pushes = 0
    /// Sync cycles devices started.
    public var syncs = 0
    /// User actions performed.
    public var userActions = 0
    /// Error answers by CloudKit error name (`serverRecordChanged`, `unknownItem`, ...).
    public var errors: [String: Int] = [:]
    /// All zero.
    public init() {}
}
