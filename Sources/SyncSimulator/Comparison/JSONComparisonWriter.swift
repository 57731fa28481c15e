/// Renders a comparison as JSON for tools: the strategies, the seed, each row's cells by strategy, and the totals.
public struct JSONComparisonWriter: ComparisonWriter {
    /// `json`.
    public let fileExtension = "json"

    /// The JSON comparison writer.
    public init() {}

    /// The comparison as pretty-printed JSON with a final newline.
    public func render(_ comparison: Comparison) -> String {
        json(comparison).rendered()
    }

    /// The comparison as a JSON value; per-strategy objects keep the column order.
    package func json(_ comparison: Comparison) -> JSONValue {
        let byStrategy = { (values: [JSONValue]) in JSONValue.object(Array(zip(comparison.strategies, values))) }
        return .object([
            ("strategies", .array(comparison.strategies.map(JSONValue.string))),
            ("seed", comparison.seed.map(JSONValue.int) ?? .null),
            ("rows", .array(comparison.rows.map { row in
                .object([
                    ("scenario", .string(row.scenario)),
                    ("seed", .int(row.seed)),
                    ("strategies", byStrategy(row.cells.map(cell))),
                ])
            })),
            ("total", byStrategy(comparison.totals.map(total))),
        ])
    }

    private func cell(_ cell: ComparisonCell) -> JSONValue {
        .object([
            ("converged", .bool(cell.converged)),
            ("quietAt", cell.quietAt.map { .string($0.description) } ?? .null),
        ] + counts(cell.counts))
    }

    private func total(_ total: ComparisonTotal) -> JSONValue {
        .object([("converged", .int(total.converged)), ("runs", .int(total.runs))] + counts(total.counts))
    }

    private func counts(_ counts: ComparisonCounts) -> [(key: String, value: JSONValue)] {
        [("zombies", .int(counts.zombies)), ("lostUpdates", .int(counts.lostUpdates)),
         ("duplicates", .int(counts.duplicates)), ("conflictsShown", .int(counts.conflictsShown))]
    }
}
