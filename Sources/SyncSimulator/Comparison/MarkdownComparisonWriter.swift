/// Renders a comparison as a Markdown page: title, what the matrix is, the seed rule, the legend, then the table.
public struct MarkdownComparisonWriter: ComparisonWriter {
    /// `md`.
    public let fileExtension = "md"

    /// The Markdown comparison writer.
    public init() {}

    /// The comparison as a Markdown page with its legend and table.
    public func render(_ comparison: Comparison) -> String {
        var page = MarkdownPage()
        page.line("# Strategy comparison")
        page.paragraph("Each row is a scenario and each column a conflict strategy; every scenario ran once under each strategy.")
        page.paragraph("Seed: " + (comparison.seed.map { "every scenario ran with seed \($0)." }
            ?? "every scenario ran with its own seed, the same under each strategy."))
        page.paragraph("A cell reads `✓ 10m · z0 l1 d0 c0`:")
        page.blank()
        page.line("- `✓` the run converged (it went quiet and every device matches the server), `✗` it did not;")
        page.line("- `10m` when the run went quiet, in true time from the start, or `never`;")
        page.line("- `z` zombies (records that came back after a delete), `l` lost updates, `d` duplicates,"
            + " `c` conflicts shown to users.")
        page.paragraph("The total row gives the runs that converged out of all (`3/4`) and sums the counts.")
        page.blank()
        let rows = comparison.rows.map { [$0.scenario] + $0.cells.map(\.summary) }
        let total = ["total"] + comparison.totals.map(\.summary)
        page.table(["scenario"] + comparison.strategies, rows + [total], empty: "")
        return page.text
    }
}
