/// Shows the conflict to the user, who decides `choice` `decideAfter` later; until then the record waits.
public struct UserChoiceStrategy: ConflictStrategy {
    /// What the simulated user picks (a device's own `choice` overrides it).
    public let choice: UserChoice
    /// How long the user takes to decide after the conflict is shown.
    public let decideAfter: SimDuration
    /// A user who picks `choice` after `decideAfter`.
    public init(choice: UserChoice = .keepLocal, decideAfter: SimDuration = .minutes(10)) {
        self.choice = choice
        self.decideAfter = decideAfter
    }
    /// `user-choice`.
    public var name: String { "user-choice" }
    /// Shows every conflict to the user.
    public func resolve(_ conflict: Conflict) -> Resolution { .askUser(choice, after: decideAfter) }
}
