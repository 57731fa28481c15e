/// One run of a comparison, reduced from its report to what the matrix shows: converged, when quiet, the counts.
public struct ComparisonCell: Hashable, Sendable {
    /// Whether the run went quiet with every device matching the server.
    public var converged: Bool
    /// When the run went quiet (true time from the start), or `nil` if it never did.
    public var quietAt: SimDuration?
    /// The run's anomaly and conflict counts.
    public var counts: ComparisonCounts

    /// A cell from its parts.
    public init(converged: Bool, quietAt: SimDuration?, counts: ComparisonCounts) {
        self.converged = converged
        self.quietAt = quietAt
        self.counts = counts
    }

    /// The cell of one run, read from its report.
    public init(report: Report) {
        self.init(converged: report.quietAt != nil && report.devices.allSatisfy(\.matchesServer),
                  quietAt: report.quietAt,
                  counts: ComparisonCounts(report: report))
    }

    /// `✓ 10m · z0 l1 d0 c0`: converged (`✓`) or not (`✗`), when quiet or `never`, then the counts.
    package var summary: String {
        "\(converged ? "✓" : "✗") \(quietAt?.description ?? "never") · \(counts.summary)"
    }
}
