/// One scenario of a comparison: where it is in its suite, the seed it ran with, and one cell per strategy.
public struct ComparisonRow: Hashable, Sendable {
    /// The scenario file's path relative to the suite root, e.g. `merge/reorder.json`.
    public var scenario: String
    /// The seed the scenario ran with under every strategy.
    public var seed: UInt64
    /// The runs under each strategy, in the comparison's column order.
    public var cells: [ComparisonCell]

    /// A row from its parts.
    public init(scenario: String, seed: UInt64, cells: [ComparisonCell]) {
        self.scenario = scenario
        self.seed = seed
        self.cells = cells
    }
}
