/// A broken invariant found by `fuzz`, or by any run checked the way `fuzz` checks: its class and where.
public struct FuzzFailure: Hashable, Sendable, CustomStringConvertible {
    /// The failure classes, in the order a run's first failure is taken.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        /// The simulator trapped (a crash or a broken assertion inside syncsim).
        case crash
        /// Two runs of the same scenario and seed, in two processes, traced differently.
        case determinism
        /// Safety: a deleted record came back with no user change after the delete.
        case zombie
        /// Safety: a user's change is missing from the end state and no concurrent change explains it.
        case lostUpdate = "lost-update"
        /// Safety: a user's change is counted more than once.
        case duplicate
        /// Safety: a device still has changes in its outbox at the end.
        case stuck
        /// Liveness: the run did not go quiet with every device showing the server's state.
        case noConvergence = "no-convergence"

        /// Orders kinds as they are declared, which is the order a run's first failure is taken in.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// One line on what the class means, for help and summaries.
        public var meaning: String {
            switch self {
            case .crash: return "the simulator trapped or broke an assertion (a bug of syncsim)"
            case .determinism: return "two runs of one seed in two processes traced differently (a bug of syncsim)"
            case .zombie: return "a deleted record came back with no user change after the delete"
            case .lostUpdate: return "a change is missing from the end state and no concurrent change explains it"
            case .duplicate: return "a change is counted more than once (an increment applied twice)"
            case .stuck: return "a device still has changes in its outbox at the end"
            case .noConvergence: return "the devices did not all show the server's state, quiet, within 'within'"
            }
        }
    }

    /// Which invariant broke.
    public var kind: Kind
    /// The record concerned, when the failure is about one.
    public var record: String?
    /// The device concerned, when the failure is about one device rather than a record.
    public var device: String?
    /// What happened, in one plain sentence.
    public var sentence: String

    /// A failure of class `kind`, about a record or a device if given, described by `sentence`.
    public init(kind: Kind, record: String? = nil, device: String? = nil, sentence: String) {
        self.kind = kind
        self.record = record
        self.device = device
        self.sentence = sentence
    }

    /// Whether `other` is the same failure for shrinking: the same class on the same record or device.
    public func matches(_ other: FuzzFailure) -> Bool {
        kind == other.kind && record == other.record && device == other.device
    }

    /// `zombie on "r3"`, `stuck on d2`, `no-convergence`.
    public var description: String {
        if let record { return "\(kind.rawValue) on \"\(record)\"" }
        if let device { return "\(kind.rawValue) on \(device)" }
        return kind.rawValue
    }
}
