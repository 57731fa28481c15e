/// Renders a report as one self-contained HTML page (no script, font or style from the network): the verdict, the
/// expectations, the anomalies, an SVG timeline when the run recorded one, the end state by device, the repro.
public struct HTMLReportWriter: ReportWriter {
    /// `html`.
    public let fileExtension = "html"

    /// The HTML report writer.
    public init() {}

    /// The report as an HTML page.
    public func render(_ report: Report) -> String {
        var page = HTMLPage(title: "\(report.scenario) — \(report.result.label)")
        page.add("<header><h1>\(HTMLText.escape(report.scenario)) <span class=\"verdict \(report.result.rawValue)\">\(report.result.label)</span></h1>")
        if !report.description.isEmpty { page.add("<p class=\"description\">\(HTMLText.escape(report.description))</p>") }
        page.add("<p class=\"facts\">Seed \(report.seed) · strategy \(HTMLText.escape(report.strategy)) · settle started at \(report.settleStartedAt) · \(report.quietAt.map { "quiet at \($0)" } ?? "never quiet") · ended at \(report.endedAt)</p></header>")
        if !report.notes.isEmpty {
            page.section("Notes", "<ul>" + report.notes.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>")
        }
        page.section("Expectations", HTMLPage.table(["key", "expected", "actual", "held"], report.expectations.map { result in
            (result.held ? "held" : "broken", [result.key, result.expected, result.actual, result.held ? "✓" : "✗"])
        }))
        page.section("Anomalies", anomalies(report))
        if let timeline = report.timeline {
            let (svg, omitted) = TimelineSVG(timeline: timeline, report: report).render()
            page.section("Timeline", "<p class=\"hint\">True time runs left to right; long quiet stretches are cut. Hover over anything for its details.</p>"
                + (omitted.map { "<p class=\"omitted\">\(HTMLText.escape($0))</p>" } ?? "")
                + "<div class=\"scroll\">\(svg)</div>" + HTMLReportWriter.legend)
        }
        page.section("Clocks", clocks(report))
        page.section("Conflicts", conflicts(report))
        page.section("End state", endState(report))
        page.section("Reproduce", "<pre>\(HTMLText.escape(report.repro))</pre>")
        return page.text
    }

    private func anomalies(_ report: Report) -> String {
        guard !report.anomalies.isEmpty else { return "<p>No anomalies.</p>" }
        return "<ol class=\"anomalies\">" + report.anomalies.enumerated().map { number, anomaly in
            let record = anomaly.record.map { " on <code>\(HTMLText.escape($0))</code>" } ?? ""
            let cause = anomaly.cause.map { " <span class=\"cause\">\($0.rawValue)</span>" } ?? ""
            return "<li id=\"anomaly-\(number + 1)\"><span class=\"kind\">\(anomaly.kind.rawValue)</span>\(record)\(cause): \(HTMLText.escape(anomaly.sentence))</li>"
        }.joined() + "</ol>"
    }

    /// The devices whose clock does not keep true time.
    private func clocks(_ report: Report) -> String {
        let off = report.devices.filter { $0.clock != ClockConfig() }
        guard !off.isEmpty else { return "<p>Every device's clock keeps true time.</p>" }
        return HTMLPage.table(["device", "skew", "drift"], off.map { device in
            ("skewed", [device.id, device.clock.skew.description, FieldValue.format(device.clock.driftPPM) + " ppm"])
        }) + (off.count < report.devices.count ? "<p>Every other device's clock keeps true time.</p>" : "")
    }

    /// Every conflict met, with both sides' timestamps by the strategy's clock and what was decided.
    private func conflicts(_ report: Report) -> String {
        guard !report.conflicts.isEmpty else { return "<p>No conflicts.</p>" }
        let shown = report.conflicts.prefix(HTMLReportWriter.conflictsListed)
        return "<p class=\"hint\">Each side's conflict timestamp by the clock named, with the true time it was taken where that differs.</p>"
            + HTMLPage.table(["at", "device", "record", "clock", "device's change", "server's version", "resolution"], shown.map { conflict in
                (conflict.skewed ? "broken" : "held",
                 [conflict.time.description, conflict.device, conflict.record, conflict.clock?.rawValue ?? "the app's",
                  ConflictStamp.text(conflict.local), ConflictStamp.text(conflict.server), conflict.resolutionText])
            })
            + (report.conflicts.count > shown.count ? "<p>… and \(report.conflicts.count - shown.count) more; the JSON report lists every one.</p>" : "")
    }

    /// How many conflicts the page lists.
    private static let conflictsListed = 200

    /// Each record on the server and on every device; a device's cell that differs from the server is marked.
    private func endState(_ report: Report) -> String {
        let server = Dictionary(report.server.map { ($0.id, $0) }) { first, _ in first }
        let devices = report.devices.map { device in Dictionary(device.records.map { ($0.id, $0) }) { first, _ in first } }
        var ids = Set(server.keys).union(devices.flatMap(\.keys)).sorted()
        let all = ids.count
        if all > Report.endStateListed {
            let notable = report.notableRecords
            ids = ids.filter(notable.contains)
        }
        let leftOut = all > ids.count
            ? "<p class=\"omitted\">\(HTMLText.escape(Report.leftOut(all, listed: ids.count)))</p>"
            : ""
        let rows = ids.map { id -> (String, [String]) in
            let truth = server[id].flatMap { $0.deleted ? nil : $0.fieldsSummary }
            var differs = false
            let cells = devices.map { records -> String in
                let shown = records[id].flatMap { $0.deleted ? nil : $0.fieldsSummary }
                if shown != truth { differs = true }
                return shown ?? "—"
            }
            return (differs ? "differs" : "same", [id, truth ?? "—"] + cells)
        }
        return leftOut + HTMLPage.table(["record", "server"] + report.devices.map(\.id), rows)
            + "<p class=\"hint\">— : not there, or deleted. Rows where a device differs from the server are marked.</p>"
    }

    private static let legend = """
        <p class="legend"><span class="swatch create"></span>create <span class="swatch edit"></span>edit \
        <span class="swatch delete"></span>delete <span class="swatch increment"></span>increment \
        <span class="swatch commit"></span>commit <span class="swatch conflict"></span>conflict \
        <span class="swatch request"></span>request <span class="swatch answer"></span>answer \
        <span class="swatch lost"></span>lost <span class="swatch anomaly"></span>anomaly · shaded: \
        <span class="swatch offline"></span>offline <span class="swatch killed"></span>killed \
        <span class="swatch background"></span>background <span class="swatch tunnel"></span>tunnel \
        <span class="swatch partition"></span>partition <span class="swatch outage"></span>outage \
        <span class="swatch rate-limit"></span>rate limit <span class="swatch zone-busy"></span>zone busy</p>
        """
}
