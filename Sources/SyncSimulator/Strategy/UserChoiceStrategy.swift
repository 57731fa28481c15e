/// Shows the conflict to the user, who decides `choice` `decideAfter` later; until then the record waits.
public struct UserChoiceStrategy: ConflictStrategy {
    public let choice: UserChoice
    public let decideAfter: SimDuration
    public init(choice: UserChoice = .keepLocal, decideAfter: SimDuration = .minutes(10)) {
        self.choice = choice
        self.decideAfter = decideAfter
    }
    public var name: String { "user-choice" }
    public func resolve(_ conflict: Conflict) -> Resolution { .askUser(choice, after: decideAfter) }
}
