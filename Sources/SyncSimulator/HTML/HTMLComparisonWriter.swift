/// Renders a comparison as an HTML page: the matrix of scenarios by strategy, each cell coloured by what the run
/// showed (converged clean, converged with anomalies, did not converge), and the totals.
public struct HTMLComparisonWriter: ComparisonWriter {
    /// `html`.
    public let fileExtension = "html"

    /// The HTML comparison writer.
    public init() {}

    /// The comparison as an HTML page.
    public func render(_ comparison: Comparison) -> String {
        var page = HTMLPage(title: "syncsim — strategies compared")
        let seed = comparison.seed.map { "seed \($0) for every scenario" } ?? "each scenario's own seed"
        page.add("<header><h1>\(comparison.rows.count) scenario\(comparison.rows.count == 1 ? "" : "s") under \(comparison.strategies.count) strategies</h1>"
            + "<p class=\"facts\">Run with \(seed). A cell: converged (✓) or not (✗), when the run went quiet, then zombies, lost updates, duplicates and conflicts shown to users.</p></header>")
        let header = "<tr><th>scenario</th>" + comparison.strategies.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr>"
        let rows = comparison.rows.map { row in
            "<tr><td>\(HTMLText.escape(row.scenario))</td>" + row.cells.map(cell).joined() + "</tr>"
        }
        let totals = "<tr class=\"totals\"><th>total</th>" + comparison.totals.map { "<th>\(HTMLText.escape($0.summary))</th>" }.joined() + "</tr>"
        page.section("Matrix", "<table class=\"matrix\"><thead>\(header)</thead><tbody>\n" + rows.joined(separator: "\n")
            + "\n</tbody><tfoot>\(totals)</tfoot></table>"
            + "<p class=\"legend\"><span class=\"swatch clean\"></span>converged, no anomaly <span class=\"swatch anomalies\"></span>converged with anomalies <span class=\"swatch diverged\"></span>did not converge</p>")
        return page.text
    }

    private func cell(_ cell: ComparisonCell) -> String {
        let counts = cell.counts
        let anomalies = counts.zombies + counts.lostUpdates + counts.duplicates > 0
        let kind = !cell.converged ? "diverged" : anomalies ? "anomalies" : "clean"
        return "<td class=\"cell \(kind)\">\(HTMLText.escape(cell.summary))</td>"
    }
}
