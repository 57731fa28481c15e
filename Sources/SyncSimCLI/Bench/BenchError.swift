/// A bench run whose measurements cannot be trusted: the work it timed did not do what it should.
enum BenchError: Error, Equatable, CustomStringConvertible {
    /// The engine queue popped the workload in another order than the bare heap.
    case orderMismatch
    /// The generated load scenario did not pass; the reason as `syncsim run` prints it.
    case loadScenarioFailed(String)

    var description: String {
        switch self {
        case .orderMismatch:
            return "the engine queue popped the events in a different order than the bare heap"
        case let .loadScenarioFailed(reason):
            return "the load scenario failed: \(reason)"
        }
    }
}
