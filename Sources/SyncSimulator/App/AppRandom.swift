import Foundation

/// A device's seeded random numbers for its app, the same in every run of a scenario and seed: use it (and
/// `makeUUID`) instead of the system's, so runs stay deterministic.
public final class AppRandom: RandomNumberGenerator {
    private var stream: RandomStream

    init(_ stream: RandomStream) { self.stream = stream }

    /// The next 64 random bits.
    public func next() -> UInt64 { stream.next() }

    /// A random (version 4) UUID drawn from this stream.
    public func makeUUID() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: stream.next()) }
        bytes[6] = bytes[6] & 0x0f | 0x40
        bytes[8] = bytes[8] & 0x3f | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
