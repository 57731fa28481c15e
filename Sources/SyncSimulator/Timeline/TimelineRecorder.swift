/// Records, while a run goes, the messages its timeline draws and the pushes and timeouts devices met; the World holds
/// one only when a timeline was asked for.
final class TimelineRecorder {
    private(set) var messages: [Timeline.Message] = []
    private(set) var marks: [Timeline.Mark] = []
    /// Messages on their way, by request id, oldest first (a duplicated request travels twice).
    private var toServer: [Int: [Int]] = [:]
    private var toDevice: [Int: [Int]] = [:]

    /// A request left `device`; `lost` when the link dropped it at once.
    func sent(_ request: Request, id: Int, from device: String, at time: SimDuration, copies: Int) {
        let records = request.recordIDs
        for _ in 0..<max(copies, 1) {
            if copies > 0 { toServer[id, default: []].append(messages.count) }
            messages.append(Timeline.Message(device: device, toServer: true, sent: time, arrived: nil,
                                             summary: request.summary, records: records))
        }
    }

    /// A request reached the server, or was lost on the link at the last moment.
    func reachedServer(_ id: Int, at time: SimDuration, lost: Bool) {
        guard let index = toServer[id]?.first else { return }
        toServer[id]?.removeFirst()
        if !lost { messages[index].arrived = time }
    }

    /// The server answered; `lost` when the answer never leaves.
    func answered(_ id: Int, _ response: Response, to request: Request, device: String, at time: SimDuration,
                  lost: Bool) {
        var records = request.recordIDs
        if case let .fetched(page) = response { records = page.versions.map(\.id.name) }
        if !lost { toDevice[id, default: []].append(messages.count) }
        messages.append(Timeline.Message(device: device, toServer: false, sent: time, arrived: nil,
                                         summary: response.summary, records: records))
    }

    /// An answer reached its device, or was lost on the link at the last moment.
    func reachedDevice(_ id: Int, at time: SimDuration, lost: Bool) {
        guard let index = toDevice[id]?.first else { return }
        toDevice[id]?.removeFirst()
        if !lost { messages[index].arrived = time }
    }

    /// A device gave a request up.
    func timedOut(_ id: Int, device: String, at time: SimDuration) {
        marks.append(Timeline.Mark(time: time, device: device, kind: .timeout, record: nil,
                                   detail: "gave request \(id) up"))
    }

    /// A silent push reached a device.
    func pushed(to device: String, at time: SimDuration) {
        marks.append(Timeline.Mark(time: time, device: device, kind: .push, record: nil, detail: "push"))
    }
}
