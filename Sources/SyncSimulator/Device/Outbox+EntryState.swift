extension Outbox.Entry {
    /// Where a change stands: waiting, sent, held for the user, or rebuilt from the user's decision.
    enum State {
        /// Not sent since it was last written, or put back unanswered: the next batch may take it.
        case waiting
        /// Sent and not yet answered.
        case inFlight
        /// In a conflict shown to the user: not sent until the user decides, whatever an earlier decision was.
        case heldForUser
        /// Rebuilt from the user's decision and not sent since: the record's increments never sent wait for its answer.
        case decided
        /// Rebuilt from the user's decision, sent and not yet answered: the record's increments never sent still wait.
        case sentAfterDecision

        /// Whether it was sent and not yet answered.
        var isInFlight: Bool { self == .inFlight || self == .sentAfterDecision }

        /// Whether it carries the user's decision and waits for its answer.
        var isDecided: Bool { self == .decided || self == .sentAfterDecision }

        /// Marks it sent.
        mutating func send() { self = isDecided ? .sentAfterDecision : .inFlight }

        /// Puts it back among the unsent changes without an answer; a change not in flight stays as it is.
        mutating func putBack() {
            switch self {
            case .inFlight: self = .waiting
            case .sentAfterDecision: self = .decided
            case .waiting, .heldForUser, .decided: break
            }
        }
    }
}
