/// A bench run whose measurements cannot be trusted: the work it timed did not do what it should.
enum BenchError: Error, Equatable, CustomStringConvertible {
    /// The engine queue popped a recorded run's events in another order than the bare heap.
    case orderMismatch
    /// The engine queue, in the hold model, popped some event before an earlier one.
    case holdOutOfOrder
    /// The generated load scenario did not pass; the reason as `syncsim run` prints it.
    case loadScenarioFailed(String)
    /// The realistic scenario's file text did not load back to the scenario it was written from: the loader's
    /// message when it refused the text, nil when it read another scenario.
    case realisticFileReadsBack(String?)

    var description: String {
        switch self {
        case .orderMismatch:
            return "the engine queue popped a recorded run's events in a different order than the bare heap"
        case .holdOutOfOrder:
            return "the engine queue, holding 1,000 timers, popped an event before an earlier one"
        case let .loadScenarioFailed(reason):
            return "the load scenario failed: \(reason)"
        case let .realisticFileReadsBack(refusal?):
            return "the realistic scenario's file could not be loaded back: \(refusal)"
        case .realisticFileReadsBack(nil):
            return "the realistic scenario's file loaded back to another scenario than it was written from"
        }
    }
}
