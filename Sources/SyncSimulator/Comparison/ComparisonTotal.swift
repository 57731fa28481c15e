/// One strategy's column of a comparison summed up: how many runs converged, out of how many, and the counts summed.
public struct ComparisonTotal: Hashable, Sendable {
    /// Runs that converged.
    public var converged: Int
    /// Runs in the column.
    public var runs: Int
    /// The column's counts summed.
    public var counts: ComparisonCounts

    /// A total from its parts.
    public init(converged: Int, runs: Int, counts: ComparisonCounts) {
        self.converged = converged
        self.runs = runs
        self.counts = counts
    }

    /// The total of a column's cells.
    public init(_ cells: [ComparisonCell]) {
        self.init(converged: cells.count(where: \.converged), runs: cells.count,
                  counts: cells.map(\.counts).reduce(ComparisonCounts(), +))
    }

    /// `3/4 · z1 l2 d0 c0`: converged runs out of all, then the summed counts.
    package var summary: String {
        "\(converged)/\(runs) · \(counts.summary)"
    }
}
