/// Everything that can happen in a run, as the engine's queue holds it.
enum Event {
    case step(Int)
    case settle
    case settleDeadline
    case refresh(device: Int)
    case timer(device: Int, DeviceTimer, generation: Int)
    case atServer(device: Int, request: Int, Request)
    case serverAnswers(device: Int, request: Int, Request)
    case atDevice(device: Int, request: Int, Response)
    case timeout(device: Int, request: Int)
    case push(device: Int)
    /// Pushes of one commit to several devices, held in `PushFanOuts` and queued at the earliest's time and place:
    /// `World.nextEvent` hands that one on as `push` and queues the fan-out again for the next.
    case pushes(fanOut: Int)
}

/// A device timer; `afterEdit` and `retry` are cancelled by bumping their generation, and a `decision`'s generation
/// is the number of the conflict it decides.
enum DeviceTimer {
    case afterEdit, retry
    /// The user decides the conflict on `record` shown to them.
    case decision(record: RecordID)
}
