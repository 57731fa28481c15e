/// Renders the HTML index of a suite run: every scenario with its verdict, strategy and anomaly counts, linking its
/// report.
public struct SuiteIndexWriter: Sendable {
    /// The index writer.
    public init() {}

    /// The page listing `reports`, in the order they ran; links are relative to the output folder.
    public func render(_ reports: [Report]) -> String {
        let passed = reports.filter(\.passed).count
        var page = HTMLPage(title: "syncsim — \(passed) of \(reports.count) passed")
        page.add("<header><h1>\(reports.count) scenario\(reports.count == 1 ? "" : "s"): \(passed) passed, \(reports.count - passed) failed</h1></header>")
        let kinds = [Anomaly.Kind.zombie, .lostUpdate, .duplicate, .stuck, .divergence]
        let rows = reports.map { report -> String in
            let link = HTMLText.escape(SuiteIndexWriter.htmlPath(of: report))
            let counts = kinds.map { kind in
                let count = report.anomalies.filter { $0.kind == kind }.count
                return "<td class=\"count\(count > 0 ? " some" : "")\">\(count)</td>"
            }.joined()
            return "<tr class=\"\(report.passed ? "held" : "broken")\"><td><a href=\"\(link)\">\(HTMLText.escape(report.suitePath))</a></td>"
                + "<td>\(report.result.label)</td><td>\(HTMLText.escape(report.strategy))</td>\(counts)</tr>"
        }
        page.section("Scenarios", "<table><thead><tr><th>scenario</th><th>verdict</th><th>strategy</th>"
            + kinds.map { "<th>\($0.rawValue)</th>" }.joined() + "</tr></thead><tbody>\n" + rows.joined(separator: "\n")
            + "</tbody></table>")
        return page.text
    }

    /// Where a report's HTML page is, relative to the output folder: beside its suite path, named for the scenario.
    static func htmlPath(of report: Report) -> String {
        ReportStore.reportStem(suitePath: report.suitePath, scenario: report.scenario) + ".html"
    }
}
