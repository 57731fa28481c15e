import SyncSimulator

/// The benchmark's baseline: a minimal binary min-heap of (time, sequence) pairs, nothing else.
struct BareHeap {
    /// One entry: ordered by time, then by sequence.
    struct Pair {
        var time: Int64
        var sequence: UInt64

        static func < (a: Pair, b: Pair) -> Bool {
            a.time != b.time ? a.time < b.time : a.sequence < b.sequence
        }
    }

    private var pairs: [Pair] = []

    mutating func push(_ pair: Pair) {
        pairs.append(pair)
        var index = pairs.count - 1
        while index > 0 {
            let parent = (index - 1) / 2
            guard pairs[index] < pairs[parent] else { break }
            pairs.swapAt(index, parent)
            index = parent
        }
    }

    /// Removes and returns the smallest pair.
    mutating func pop() -> Pair? {
        guard let smallest = pairs.first else { return nil }
        pairs.swapAt(0, pairs.count - 1)
        pairs.removeLast()
        var index = 0
        while true {
            let left = 2 * index + 1
            guard left < pairs.count else { break }
            let right = left + 1
            let child = right < pairs.count && pairs[right] < pairs[left] ? right : left
            guard pairs[child] < pairs[index] else { break }
            pairs.swapAt(child, index)
            index = child
        }
        return smallest
    }

    /// Replays a run's queue operations, pushing each (time, sequence) pair and popping in turn, and digests the pops.
    static func replay(_ steps: [QueueRecording.Step]) -> OrderDigest {
        var heap = BareHeap()
        var digest = OrderDigest()
        for step in steps {
            switch step {
            case let .push(time, sequence):
                heap.push(Pair(time: time, sequence: sequence))
            case .pop:
                guard let pair = heap.pop() else { continue }
                digest.add(time: pair.time, sequence: pair.sequence)
            }
        }
        return digest
    }
}
