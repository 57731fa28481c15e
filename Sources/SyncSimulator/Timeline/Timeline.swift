/// What a run's HTML timeline draws, in true time: periods and marks on the lanes of the devices and the server, and
/// the messages between them. Recorded only when asked for (`Simulation.run(trace:recordsTimeline:)`).
public struct Timeline: Hashable, Sendable {
    /// A stretch of time a lane spent in a state worth shading: offline, in a tunnel, killed, in an outage...
    public struct Period: Hashable, Sendable {
        /// The device, or nil for the server.
        public var device: String?
        public var kind: PeriodKind
        public var start: SimDuration
        public var end: SimDuration
    }

    /// What a period shades.
    public enum PeriodKind: String, Hashable, Sendable {
        case offline, tunnel, partition, killed, background
        case outage, rateLimit = "rate-limit", zoneBusy = "zone-busy"
    }

    /// One moment on a lane: a user action, a commit, a conflict, a push, a timeout, a reset.
    public struct Mark: Hashable, Sendable {
        public var time: SimDuration
        /// The device, or nil for the server.
        public var device: String?
        public var kind: MarkKind
        public var record: String?
        /// What happened, in a few words (the page shows it on hover).
        public var detail: String
    }

    /// What a mark stands for.
    public enum MarkKind: String, Hashable, Sendable {
        case create, edit, delete, increment, decision, commit, conflict, push, timeout, reset
    }

    /// A request from a device to the server, or an answer back; lost ones never arrive.
    public struct Message: Hashable, Sendable {
        public var device: String
        /// Whether the message goes from the device to the server.
        public var toServer: Bool
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
    public var periods: [Period]
    public var marks: [Mark]
    public var messages: [Message]
}
