/// A matrix of runs: every scenario (a row) under every strategy (a column), each run with the same seed across its row.
public struct Comparison: Hashable, Sendable {
    /// The strategies' names, in column order.
    public var strategies: [String]
    /// The seed every scenario ran with, or `nil` when each ran with its own.
    public var seed: UInt64?
    /// One row per scenario, in suite order.
    public var rows: [ComparisonRow]

    /// A comparison of `strategies` (column names), run with `seed` or each scenario's own.
    public init(strategies: [String], seed: UInt64?, rows: [ComparisonRow] = []) {
        self.strategies = strategies
        self.seed = seed
        self.rows = rows
    }

    /// One total per strategy, in column order.
    public var totals: [ComparisonTotal] {
        strategies.indices.map { column in ComparisonTotal(rows.map { $0.cells[column] }) }
    }
}
