/// A validated scenario: everything a simulation needs, with every default filled in.
public struct Scenario: Hashable, Sendable {
    public var format: Int = 1
    public var name: String
    public var description: String = ""
    public var seed: UInt64 = 1
    public var strategy: StrategySpec = .lww(clock: .device)
    public var server = ServerConfig()
    public var network = NetworkConfig()
    public var devices: [DeviceConfig]
    public var records: [RecordSpec] = []
    public var timeline: [TimelineStep] = []
    public var expect = Expectations()
    public var limits = Limits()

    public init(name: String, devices: [DeviceConfig]) {
        self.name = name
        self.devices = devices
    }
}

/// Which conflict strategy a scenario runs, with its options.
public enum StrategySpec: Hashable, Sendable {
    case lww(clock: LWWClock)
    case serverWins
    case clientWins
    case fieldMerge(rules: [String: FieldRule])
    case userChoice(choice: UserChoice, decideAfter: SimDuration)

    /// The format's name of the strategy, e.g. `"field-merge"`.
    public var name: String {
        switch self {
        case .lww: return "lww"
        case .serverWins: return "server-wins"
        case .clientWins: return "client-wins"
        case .fieldMerge: return "field-merge"
        case .userChoice: return "user-choice"
        }
    }

    /// The built-in strategies by name, with default options.
    public static let builtIns: [StrategySpec] = [
        .lww(clock: .device), .serverWins, .clientWins, .fieldMerge(rules: [:]),
        .userChoice(choice: .keepLocal, decideAfter: .minutes(10)),
    ]
}

/// Where `lww` takes a change's timestamp.
public enum LWWClock: String, Hashable, Sendable, CaseIterable {
    case device, server, hybrid
}

/// A `field-merge` rule for a field changed on both sides.
public enum FieldRule: String, Hashable, Sendable, CaseIterable {
    case lww, max, min, longest, union, sum, server, client
}

/// A user's decision on a conflict shown by `user-choice`.
public enum UserChoice: String, Hashable, Sendable, CaseIterable {
    case keepLocal = "keep-local"
    case keepServer = "keep-server"
    case keepBoth = "keep-both"
}

/// The simulated server's settings (`server` in a scenario file).
public struct ServerConfig: Hashable, Sendable {
    /// What a save naming a change tag of a deleted record gets: a conflict with the deleted side, or `unknownItem`.
    public enum SavesOverDeleted: String, Hashable, Sendable, CaseIterable {
        case conflict
        case unknownItem = "unknown-item"
    }

    public var tombstoneRetention: SimDuration = .forever
    public var changeTokenLifetime: SimDuration = .forever
    public var batchLimit = 400
    public var atomicBatches = false
    public var fetchPageSize = 200
    public var rateLimit: RateLimit? = nil
    public var savesOverDeleted = SavesOverDeleted.conflict
    public var processing: SimDuration = .millis(5)
    public init() {}
}

/// A standing per-device token bucket: `requests` per `per`, answering `requestRateLimited` with `retryAfter`.
public struct RateLimit: Hashable, Sendable {
    public var requests: Int
    public var per: SimDuration
    public var retryAfter: SimDuration
    public init(requests: Int, per: SimDuration, retryAfter: SimDuration) {
        self.requests = requests
        self.per = per
        self.retryAfter = retryAfter
    }
}

/// A link's behaviour between a device and the server (`network`).
public struct NetworkConfig: Hashable, Sendable {
    public var latencyMin: SimDuration = .millis(80)
    public var latencyMax: SimDuration = .millis(80)
    public var requestLoss = 0.0
    public var responseLoss = 0.0
    public var duplicate = 0.0
    public var timeout: SimDuration = .seconds(30)
    public init() {}
}

/// One virtual device (`devices[]`).
public struct DeviceConfig: Hashable, Sendable {
    public var id: String
    public var online = true
    public var clock = ClockConfig()
    public var network = NetworkConfig()
    public var sync = SyncConfig()
    public var client = ClientConfig()
    public var choice: UserChoice? = nil
    public init(id: String) { self.id = id }
}

/// A device clock's offset from true time and its rate error.
public struct ClockConfig: Hashable, Sendable {
    public var skew: SimDuration = .zero
    public var driftPPM = 0.0
    public init() {}
}

extension ClockConfig {
    /// The clock's reading, in microseconds, at true time `now`: skew and drift included.
    func reading(at now: SimDuration) -> Int64 {
        now.micros + skew.micros + Int64((Double(now.micros) * driftPPM / 1e6).rounded())
    }
}

/// When a device syncs.
public struct SyncConfig: Hashable, Sendable {
    public var interval: SimDuration = .minutes(15)
    public var afterEdit: SimDuration = .seconds(2)
    public var onForeground = true
    public var push = true
    public init() {}
}

/// How the app's sync code was written: the correct defaults and the known-buggy variants.
public struct ClientConfig: Hashable, Sendable {
    public enum Deletes: String, Hashable, Sendable, CaseIterable { case tombstone, hard }
    public enum ClearDirty: String, Hashable, Sendable, CaseIterable { case onAck = "on-ack", onSend = "on-send" }
    public enum OnRateLimit: String, Hashable, Sendable, CaseIterable {
        case retryAfter = "retry-after", backoff, drop
    }
    public enum OnTokenExpired: String, Hashable, Sendable, CaseIterable { case refetch, ignore }
    public enum OnUnknownItem: String, Hashable, Sendable, CaseIterable {
        case deleteLocal = "delete-local", reupload
    }

    public var deletes = Deletes.tombstone
    public var idempotencyKeys = true
    public var clearDirty = ClearDirty.onAck
    public var onRateLimit = OnRateLimit.retryAfter
    public var onTokenExpired = OnTokenExpired.refetch
    public var reconcileOnRefetch = true
    public var onUnknownItem = OnUnknownItem.deleteLocal
    public var retryBase: SimDuration = .seconds(1)
    public var retryMax: SimDuration = .minutes(5)
    public init() {}
}

/// A record that exists, synced everywhere, at time 0.
public struct RecordSpec: Hashable, Sendable {
    public var id: String
    public var type: String
    public var fields: Fields
    public init(id: String, type: String, fields: Fields) {
        self.id = id
        self.type = type
        self.fields = fields
    }
}

/// One timeline step: what happens at `at`, in file order among steps at the same time.
public struct TimelineStep: Hashable, Sendable {
    public var at: SimDuration
    /// The devices the step names (`device`, or `devices` for a partition); empty for server steps.
    public var devices: [String]
    public var action: StepAction
    public init(at: SimDuration, devices: [String] = [], action: StepAction) {
        self.at = at
        self.devices = devices
        self.action = action
    }
}

/// What a timeline step does (`do`).
public enum StepAction: Hashable, Sendable {
    case create(record: String, type: String, fields: Fields)
    case edit(record: String, set: Fields, unset: [String])
    case delete(record: String)
    case increment(record: String, field: String, by: Double)
    case offline, online
    case tunnel(duration: SimDuration, up: SimDuration, down: SimDuration)
    case partition(duration: SimDuration)
    case kill, launch, foreground, background, sync
    case loseToken, reset
    case rateLimit(duration: SimDuration, retryAfter: SimDuration)
    case outage(duration: SimDuration, retryAfter: SimDuration?)
    case zoneBusy(duration: SimDuration)
    case purgeTombstones

    /// The step's `do` name in the format.
    public var name: String {
        switch self {
        case .create: return "create"
        case .edit: return "edit"
        case .delete: return "delete"
        case .increment: return "increment"
        case .offline: return "offline"
        case .online: return "online"
        case .tunnel: return "tunnel"
        case .partition: return "partition"
        case .kill: return "kill"
        case .launch: return "launch"
        case .foreground: return "foreground"
        case .background: return "background"
        case .sync: return "sync"
        case .loseToken: return "lose-token"
        case .reset: return "reset"
        case .rateLimit: return "rate-limit"
        case .outage: return "outage"
        case .zoneBusy: return "zone-busy"
        case .purgeTombstones: return "purge-tombstones"
        }
    }

    /// How long a windowed step (`tunnel`, `partition`, `rate-limit`, `outage`, `zone-busy`) lasts.
    public var window: SimDuration? {
        switch self {
        case let .tunnel(duration, _, _), let .partition(duration), let .rateLimit(duration, _),
             let .outage(duration, _), let .zoneBusy(duration):
            return duration
        default: return nil
        }
    }
}

/// What must hold at the end of a run (`expect`).
public struct Expectations: Hashable, Sendable {
    public var converged = true
    public var within: SimDuration = .hours(1)
    public var zombies = CountExpectation.exactly(0)
    public var lostUpdates = CountExpectation.exactly(0)
    /// Lost updates that neither a reset nor a concurrent change explains; not checked unless given.
    public var unexplainedLostUpdates: CountExpectation? = nil
    public var duplicates = CountExpectation.exactly(0)
    public var stuck = CountExpectation.exactly(0)
    public var records: [String: RecordExpectation] = [:]
    public var resurrectedByEdit: CountExpectation? = nil
    public var editsDroppedByDelete: CountExpectation? = nil
    public init() {}
}

/// A count that must be exact or within a range.
public struct CountExpectation: Hashable, Sendable, CustomStringConvertible {
    public var atLeast: Int?
    public var atMost: Int?
    public init(atLeast: Int?, atMost: Int?) {
        self.atLeast = atLeast
        self.atMost = atMost
    }
    public static func exactly(_ count: Int) -> CountExpectation { CountExpectation(atLeast: count, atMost: count) }

    public func holds(for count: Int) -> Bool {
        (atLeast.map { count >= $0 } ?? true) && (atMost.map { count <= $0 } ?? true)
    }

    /// `"0"`, `"at least 1"`, `"at most 3"`, `"1 to 3"`.
    public var description: String {
        switch (atLeast, atMost) {
        case let (low?, high?) where low == high: return "\(low)"
        case let (low?, high?): return "\(low) to \(high)"
        case let (low?, nil): return "at least \(low)"
        case let (nil, high?): return "at most \(high)"
        case (nil, nil): return "any"
        }
    }
}

/// The expected end state of one record: deleted everywhere, or the named fields' values.
public struct RecordExpectation: Hashable, Sendable {
    public var deleted: Bool?
    public var fields: Fields?
    public init(deleted: Bool? = nil, fields: Fields? = nil) {
        self.deleted = deleted
        self.fields = fields
    }
}

/// Bounds on a run; reaching one ends the run as "budget exhausted".
public struct Limits: Hashable, Sendable {
    public var time: SimDuration = .days(400)
    public var events = 50_000_000
    public init() {}
}
