/// A stand-in for the simulation's events in the engine queue: an enum with up to six words of associated values,
/// about the size of a message event, carrying the push's index so the pop order can be checked.
enum QueuePayload {
    case timer(index: Int, device: Int, generation: Int)
    case message(index: Int, device: Int, request: Int, sentAt: Int64, attempt: Int, size: Int)

    /// The position of the push that queued this payload.
    var index: Int {
        switch self {
        case let .timer(index, _, _), let .message(index, _, _, _, _, _): return index
        }
    }
}
