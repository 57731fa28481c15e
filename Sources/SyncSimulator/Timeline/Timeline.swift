/// What a run's HTML timeline draws, in true time: periods and marks on the lanes of the devices and the server, and
/// the messages between them. Recorded only when asked for (`Simulation.run(trace:recordsTimeline:)`).
public struct Timeline: Hashable, Sendable {
    /// A stretch of time a lane spent in a state worth shading: offline, in a tunnel, killed, in an outage...
    public struct Period: Hashable, Sendable {
        /// The device, or nil for the server.
        public var device: String?
        /// What the period shades.
        public var kind: PeriodKind
        /// When it began (true time).
        public var start: SimDuration
        /// When it ended (true time).
        public var end: SimDuration
    }

    /// What a period shades.
    public enum PeriodKind: String, Hashable, Sendable {
        case offline, tunnel, partition, killed, background
        case outage, rateLimit = "rate-limit", zoneBusy = "zone-busy"
    }

    /// One moment on a lane: a user action, a commit, a conflict, a push, a timeout, a reset.
    public struct Mark: Hashable, Sendable {
        /// When it happened (true time).
        public var time: SimDuration
        /// The device, or nil for the server.
        public var device: String?
        /// What it stands for.
        public var kind: MarkKind
        /// The record concerned, if one is.
        public var record: String?
        /// What happened, in a few words (the page shows it on hover).
        public var detail: String
        /// For a user action: whether it could apply (the record was on the device).
        public var applied = true
    }

    /// What a mark stands for.
    public enum MarkKind: String, Hashable, Sendable {
        case create, edit, delete, increment, decision, commit, conflict, push, timeout, reset
    }

    /// A request from a device to the server, or an answer back; lost ones never arrive.
    public struct Message: Hashable, Sendable {
        /// The device that sent or receives it.
        public var device: String
        /// Whether the message goes from the device to the server.
        public var toServer: Bool
        /// When it left (true time).
        public var sent: SimDuration
        /// When it arrived; nil when it was lost on the way.
        public var arrived: SimDuration?
        /// `modify fav1 save`, `saved fav1#3`, `fetched 2 records`...
        public var summary: String
        /// The records it carries.
        public var records: [String]
    }

    /// The devices, in the scenario's order.
    public var devices: [String]
    /// The shaded periods, devices' first, then the server's.
    public var periods: [Period]
    /// Every mark, in time order.
    public var marks: [Mark]
    /// Every request and answer, in the order they left.
    public var messages: [Message]
}
