/// A validated scenario: everything a simulation needs, with every default filled in.
public struct Scenario: Hashable, Sendable {
    /// The scenario format's version.
    public var format: Int = 1
    /// The scenario's name; report files are named after it.
    public var name: String
    /// Text shown at the top of the report.
    public var description: String = ""
    /// The run's seed: with the same build, the same scenario and seed give the same report.
    public var seed: UInt64 = 1
    /// The conflict strategy the run uses unless `Simulation` is given one.
    public var strategy: StrategySpec = .lww(clock: .device)
    /// The simulated server's settings.
    public var server = ServerConfig()
    /// The link every device has unless it names its own.
    public var network = NetworkConfig()
    /// The virtual devices, at least one.
    public var devices: [DeviceConfig]
    /// Records that exist, synced everywhere, at time 0.
    public var records: [RecordSpec] = []
    /// What happens and when.
    public var timeline: [TimelineStep] = []
    /// What must hold at the end of the run.
    public var expect = Expectations()
    /// Where the run gives up as "budget exhausted".
    public var limits = Limits()

    /// A scenario with these devices and every other setting at its default.
    public init(name: String, devices: [DeviceConfig]) {
        self.name = name
        self.devices = devices
    }
}

/// Which conflict strategy a scenario runs, with its options.
public enum StrategySpec: Hashable, Sendable {
    /// Last writer wins by the given clock.
    case lww(clock: LWWClock)
    /// The server's record always wins.
    case serverWins
    /// The device's record always wins.
    case clientWins
    /// Three-way merge, with a rule for each named field changed on both sides.
    case fieldMerge(rules: [String: FieldRule])
    /// The conflict is shown to the user, who decides `choice` `decideAfter` later.
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
    /// The device's own clock; the server's commit time; a hybrid logical clock.
    case device, server, hybrid
}

/// A `field-merge` rule for a field changed on both sides.
public enum FieldRule: String, Hashable, Sendable, CaseIterable {
    /// The rules by name; `sum` adds both sides' changes to the ancestor.
    case lww, max, min, longest, union, sum, server, client
}

/// A user's decision on a conflict shown by `user-choice`.
public enum UserChoice: String, Hashable, Sendable, CaseIterable {
    /// Save the device's version over the server's.
    case keepLocal = "keep-local"
    /// Take the server's version and drop the device's change.
    case keepServer = "keep-server"
    /// Take the server's version and save the device's as a new copy, `<id>-copy-<device id>` (then `-2`, `-3`, …
    /// past ids the device holds or has received).
    case keepBoth = "keep-both"
}

/// The simulated server's settings (`server` in a scenario file).
public struct ServerConfig: Hashable, Sendable {
    /// What a save naming a change tag of a deleted record gets: a conflict with the deleted side, or `unknownItem`.
    public enum SavesOverDeleted: String, Hashable, Sendable, CaseIterable {
        /// The save fails as a conflict whose server side is deleted.
        case conflict
        /// The save fails with `unknownItem`.
        case unknownItem = "unknown-item"
    }

    /// How long a deleted record's tombstone is kept before it is purged.
    public var tombstoneRetention: SimDuration = .forever
    /// How old a change token may be before a fetch with it fails with `changeTokenExpired`.
    public var changeTokenLifetime: SimDuration = .forever
    /// The most items one modify request may carry.
    public var batchLimit = 400
    /// Whether a batch with one failed item commits nothing.
    public var atomicBatches = false
    /// Changes per fetch page.
    public var fetchPageSize = 200
    /// A per-device token bucket, if the server limits request rates.
    public var rateLimit: RateLimit? = nil
    /// What a save over a deleted record gets.
    public var savesOverDeleted = SavesOverDeleted.conflict
    /// How long each request spends at the server.
    public var processing: SimDuration = .millis(5)
    /// The server's default settings.
    public init() {}
}

/// A standing per-device token bucket: `requests` per `per`, answering `requestRateLimited` with `retryAfter`.
public struct RateLimit: Hashable, Sendable {
    /// Requests the bucket holds.
    public var requests: Int
    /// The time over which the bucket refills evenly.
    public var per: SimDuration
    /// The wait a rejected request is told to keep.
    public var retryAfter: SimDuration
    /// A bucket of `requests` per `per`, rejecting with `retryAfter`.
    public init(requests: Int, per: SimDuration, retryAfter: SimDuration) {
        self.requests = requests
        self.per = per
        self.retryAfter = retryAfter
    }
}

/// A link's behaviour between a device and the server (`network`).
public struct NetworkConfig: Hashable, Sendable {
    /// The shortest one-way delay.
    public var latencyMin: SimDuration = .millis(80)
    /// The longest one-way delay; delays are drawn uniformly between the two.
    public var latencyMax: SimDuration = .millis(80)
    /// The probability a request never reaches the server.
    public var requestLoss = 0.0
    /// The probability the server applies a request but its response is lost.
    public var responseLoss = 0.0
    /// The probability a request is delivered twice.
    public var duplicate = 0.0
    /// How long a device waits for a response before giving the request up.
    public var timeout: SimDuration = .seconds(30)
    /// A fault-free link with 80 ms latency and a 30 s timeout.
    public init() {}
}

/// One virtual device (`devices[]`).
public struct DeviceConfig: Hashable, Sendable {
    /// The device's unique name, e.g. `"iPhone"`.
    public var id: String
    /// Whether the device is online at time 0.
    public var online = true
    /// The device clock's offset and drift.
    public var clock = ClockConfig()
    /// The device's link to the server.
    public var network = NetworkConfig()
    /// When the device syncs.
    public var sync = SyncConfig()
    /// How the device's sync code behaves.
    public var client = ClientConfig()
    /// This device's `user-choice` decision, overriding the strategy's.
    public var choice: UserChoice? = nil
    /// A device named `id` with every setting at its default.
    public init(id: String) { self.id = id }
}

/// A device clock's offset from true time and its rate error.
public struct ClockConfig: Hashable, Sendable {
    /// The clock's offset from true time at time 0.
    public var skew: SimDuration = .zero
    /// The clock's rate error in parts per million.
    public var driftPPM = 0.0
    /// A clock that keeps true time.
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
    /// Background refresh period, from time 0.
    public var interval: SimDuration = .minutes(15)
    /// Delay after a user action before the device syncs.
    public var afterEdit: SimDuration = .seconds(2)
    /// Whether coming to the foreground triggers a sync.
    public var onForeground = true
    /// Whether a silent push triggers a sync.
    public var push = true
    /// The default sync triggers.
    public init() {}
}

/// How the app's sync code was written: the correct defaults and the known-buggy variants.
public struct ClientConfig: Hashable, Sendable {
    /// How a delete is stored: as a tombstone, or by removing the record.
    public enum Deletes: String, Hashable, Sendable, CaseIterable { case tombstone, hard }
    /// When a change leaves the outbox: when the server acknowledges it, or as soon as it is sent.
    public enum ClearDirty: String, Hashable, Sendable, CaseIterable { case onAck = "on-ack", onSend = "on-send" }
    /// What a rate-limited send does: wait the server's hint, back off, or drop its changes.
    public enum OnRateLimit: String, Hashable, Sendable, CaseIterable {
        case retryAfter = "retry-after", backoff, drop
    }
    /// What an expired change token leads to: a full refetch, or fetches failing from then on.
    public enum OnTokenExpired: String, Hashable, Sendable, CaseIterable { case refetch, ignore }
    /// What a save answered `unknownItem` does: delete the local record, or upload it again as new.
    public enum OnUnknownItem: String, Hashable, Sendable, CaseIterable {
        case deleteLocal = "delete-local", reupload
    }

    /// How deletes are stored.
    public var deletes = Deletes.tombstone
    /// Whether the server recognises a resent or duplicated change and applies it once.
    public var idempotencyKeys = true
    /// When a change leaves the outbox.
    public var clearDirty = ClearDirty.onAck
    /// How a rate-limited request is retried.
    public var onRateLimit = OnRateLimit.retryAfter
    /// What happens on `changeTokenExpired`.
    public var onTokenExpired = OnTokenExpired.refetch
    /// Whether a full refetch drops clean local records the server no longer has.
    public var reconcileOnRefetch = true
    /// What happens on `unknownItem`.
    public var onUnknownItem = OnUnknownItem.deleteLocal
    /// The first retry's backoff bound; it doubles per retry.
    public var retryBase: SimDuration = .seconds(1)
    /// The most a retry's backoff bound grows to.
    public var retryMax: SimDuration = .minutes(5)
    /// The correct client.
    public init() {}
}

/// A record that exists, synced everywhere, at time 0.
public struct RecordSpec: Hashable, Sendable {
    /// The record's ID.
    public var id: String
    /// The record's type, e.g. `"Favorite"`.
    public var type: String
    /// The record's fields at time 0.
    public var fields: Fields
    /// A record with these fields.
    public init(id: String, type: String, fields: Fields) {
        self.id = id
        self.type = type
        self.fields = fields
    }
}

/// One timeline step: what happens at `at`, in file order among steps at the same time.
public struct TimelineStep: Hashable, Sendable {
    /// When the step happens, from the start of the run.
    public var at: SimDuration
    /// The devices the step names (`device`, or `devices` for a partition); empty for server steps.
    public var devices: [String]
    /// What the step does.
    public var action: StepAction
    /// A step doing `action` at `at` on `devices`.
    public init(at: SimDuration, devices: [String] = [], action: StepAction) {
        self.at = at
        self.devices = devices
        self.action = action
    }
}

/// What a timeline step does (`do`).
public enum StepAction: Hashable, Sendable {
    /// The user creates a record, or replaces a live one, or re-creates a deleted one.
    case create(record: String, type: String, fields: Fields)
    /// The user sets and removes fields.
    case edit(record: String, set: Fields, unset: [String])
    /// The user deletes a record.
    case delete(record: String)
    /// The user adds `by` to a number field, as an operation the server applies to its value.
    case increment(record: String, field: String, by: Double)
    /// Airplane mode on or off: the device knows it is offline.
    case offline, online
    /// The link flaps for `duration`: `up`, then `down`, and so on; the device is not told.
    case tunnel(duration: SimDuration, up: SimDuration, down: SimDuration)
    /// The link silently drops everything for `duration`.
    case partition(duration: SimDuration)
    /// The app is terminated or started, goes to the foreground or background, or syncs now.
    case kill, launch, foreground, background, sync
    /// The device loses its change token, or the app is reinstalled and downloads everything again.
    case loseToken, reset
    /// The server answers every request with `requestRateLimited` for `duration`.
    case rateLimit(duration: SimDuration, retryAfter: SimDuration)
    /// The server answers `serviceUnavailable` for `duration`.
    case outage(duration: SimDuration, retryAfter: SimDuration?)
    /// The server answers `zoneBusy` for `duration`.
    case zoneBusy(duration: SimDuration)
    /// The server purges every tombstone now.
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
    /// Whether the run must converge (`true`) or must not (`false`).
    public var converged = true
    /// How long settle may take; a run expected to converge must go quiet within it.
    public var within: SimDuration = .hours(1)
    /// Records that came back after a user deleted them.
    public var zombies = CountExpectation.exactly(0)
    /// (User action, field) pairs whose value is missing from the end state with no later change to explain it.
    public var lostUpdates = CountExpectation.exactly(0)
    /// Lost updates that neither a reset nor a concurrent change explains; not checked unless given.
    public var unexplainedLostUpdates: CountExpectation? = nil
    /// User changes the end state counts more than once.
    public var duplicates = CountExpectation.exactly(0)
    /// Devices whose outbox still holds changes at the end.
    public var stuck = CountExpectation.exactly(0)
    /// The expected end state of named records.
    public var records: [String: RecordExpectation] = [:]
    /// Records brought back by an edit made after the delete; not checked unless given.
    public var resurrectedByEdit: CountExpectation? = nil
    /// Edits discarded because a later delete won; not checked unless given.
    public var editsDroppedByDelete: CountExpectation? = nil
    /// The defaults: converged within an hour, with no zombie, lost update, duplicate or stuck device.
    public init() {}
}

/// A count that must be exact or within a range.
public struct CountExpectation: Hashable, Sendable, CustomStringConvertible {
    /// The least allowed, if bounded below.
    public var atLeast: Int?
    /// The most allowed, if bounded above.
    public var atMost: Int?
    /// A range; nil on either side leaves it open.
    public init(atLeast: Int?, atMost: Int?) {
        self.atLeast = atLeast
        self.atMost = atMost
    }
    /// Exactly `count`.
    public static func exactly(_ count: Int) -> CountExpectation { CountExpectation(atLeast: count, atMost: count) }

    /// Whether `count` is in range.
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
    /// Whether the record must be deleted (or absent) everywhere.
    public var deleted: Bool?
    /// The values the named fields must have; others are not checked.
    public var fields: Fields?
    /// An expectation on deletion, fields, or both.
    public init(deleted: Bool? = nil, fields: Fields? = nil) {
        self.deleted = deleted
        self.fields = fields
    }
}

/// Bounds on a run; reaching one ends the run as "budget exhausted".
public struct Limits: Hashable, Sendable {
    /// The most simulated time a run may take.
    public var time: SimDuration = .days(400)
    /// The most events a run may process.
    public var events = 50_000_000
    /// The default limits: 400 days and 50 million events.
    public init() {}
}
