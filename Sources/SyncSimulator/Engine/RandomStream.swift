/// A seeded xoshiro256** generator; each subsystem and device draws from its own stream derived from the run's seed.
package struct RandomStream: RandomNumberGenerator, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// The stream named `label` (e.g. `"network/iPhone"`) of the run seeded with `seed`.
    package init(seed: UInt64, label: String) {
        var mixer = seed ^ RandomStream.fnv1a(label)
        state = (RandomStream.splitMix(&mixer), RandomStream.splitMix(&mixer),
                 RandomStream.splitMix(&mixer), RandomStream.splitMix(&mixer))
    }

    package mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A double uniformly drawn from [0, 1).
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `probability`; draws nothing when the outcome is certain.
    package mutating func chance(_ probability: Double) -> Bool {
        if probability <= 0 { return false }
        if probability >= 1 { return true }
        return unit() < probability
    }

    /// A duration drawn uniformly from `low...high`; draws nothing when they are equal.
    package mutating func duration(from low: SimDuration, to high: SimDuration) -> SimDuration {
        guard high.micros > low.micros else { return low }
        let span = UInt64(high.micros - low.micros) + 1
        return SimDuration(micros: low.micros + Int64(next() % span))
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    private static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
