/// A run's trace: every event the engine dispatched, as JSON Lines or only as a hash of those lines.
public final class Trace {
    /// What a trace keeps.
    public enum Mode: Sendable {
        /// Only the hash and the count: enough to compare two runs.
        case hash
        /// Every line too, to read a run step by step.
        case lines
    }

    /// Whether lines are kept or only hashed.
    public let mode: Mode
    /// The events' JSON lines, in order (empty in `hash` mode).
    public private(set) var lines: [String] = []
    /// How many events were traced.
    public private(set) var count = 0
    /// FNV-1a (64-bit) of every line and its line break, then of the run's JSON report.
    public private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    /// An empty trace that keeps what `mode` says; pass it to `Simulation.run(trace:)`.
    public init(_ mode: Mode) { self.mode = mode }

    /// The hash as 16 hex digits.
    public var hashText: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Mixes the run's report into the hash (not into the lines): two runs that trace the same events but end in
    /// different records, counts or anomalies still hash differently.
    func seal(with report: String) {
        for byte in report.utf8 { mix(byte) }
    }

    func append(_ line: String) {
        count += 1
        for byte in line.utf8 { mix(byte) }
        mix(UInt8(ascii: "\n"))
        if mode == .lines { lines.append(line) }
    }

    private func mix(_ byte: UInt8) {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
}
