/// The event queue's operations in one run, in order, with the events pushed: what the bench replays on a bare heap
/// and on the engine's queue, so that both do exactly the work the run gave its queue.
package struct QueueRecording {
    /// One operation: an event pushed at a time, in its place among the events at that time, or the earliest popped.
    package enum Step: Equatable {
        case push(time: Int64, sequence: UInt64)
        case pop
    }

    /// The operations without their events: what a bare heap of (time, sequence) pairs replays.
    package private(set) var steps: [Step] = []
    /// The events pushed, in the order pushed.
    private var events: [Event] = []

    mutating func push(_ event: Event, at time: SimDuration, sequence: UInt64) {
        steps.append(.push(time: time.micros, sequence: sequence))
        events.append(event)
    }

    mutating func pop() {
        steps.append(.pop)
    }

    /// How many events were pushed.
    package var pushes: Int { events.count }
}

extension QueueRecording {
    /// A recorded run's queue work ready to replay on the engine's queue once: the events are copied before it and
    /// moved into the queue as the run moved them, and the queue and the events popped are kept until the replay is
    /// dropped, as the run handed them on. Copying and destroying the events are no part of the queue's work, so
    /// neither is in a replay's time.
    package struct Replay: ~Copyable {
        private let steps: [Step]
        private var events: [Event?]
        private var queue = EventQueue<Event>()
        /// Room for every event popped, filled before the replay so that its memory is mapped already.
        private var popped: [Event?]

        package init(_ recording: QueueRecording) {
            steps = recording.steps
            events = recording.events.map { $0 }
            popped = Array(repeating: nil, count: events.count)
        }

        /// Replays the operations, moving each event in and out, and digests the pops. The events come from and go to
        /// the replay's own arrays through their buffers, as the queue's slab is used: an array's checks and
        /// assignment around each event would be the bench's own work, timed as the queue's.
        package mutating func run() -> OrderDigest {
            var digest = OrderDigest()
            var (pushed, taken) = (0, 0)
            let steps = steps
            events.withUnsafeMutableBufferPointer { events in
                popped.withUnsafeMutableBufferPointer { popped in
                    for step in steps {
                        switch step {
                        case let .push(time, sequence):
                            let event = events[pushed].take()
                            pushed += 1
                            if let event { queue.push(event, at: SimDuration(micros: time), sequence: sequence) }
                        case .pop:
                            guard let (time, sequence, event) = queue.popWithSequence() else { continue }
                            digest.add(time: time.micros, sequence: sequence)
                            // The room holds `nil`, which owns nothing: the event is moved in without destroying it.
                            (popped.baseAddress! + taken).initialize(to: event)
                            taken += 1
                        }
                    }
                }
            }
            return digest
        }
    }
}
