/// Renders a report as one self-contained HTML page (no script, font or style from the network): the verdict, the
/// expectations, the anomalies, an SVG timeline when the run recorded one, the end state by device, the repro.
public struct HTMLReportWriter: ReportWriter, BufferedReportWriter {
    /// `html`.
    public let fileExtension = "html"

    /// The HTML report writer.
    public init() {}

    /// The report as an HTML page.
    public func render(_ report: Report) -> String {
        renderedInBuffer(report)
    }

    /// The page, made in a buffer of its own (a page is small: large stores are summarised) and appended.
    func write(_ report: Report, into buffer: inout TextBuffer) {
        var page = HTMLPage(title: "\(report.scenario) — \(report.result.label)")
        page.add("<header><h1>\(HTMLText.escape(report.scenario)) <span class=\"verdict \(report.result.rawValue)\">\(report.result.label)</span></h1>")
        if !report.description.isEmpty { page.add("<p class=\"description\">\(HTMLText.escape(report.description))</p>") }
        page.add("<p class=\"facts\">Seed \(report.seed) · strategy \(HTMLText.escape(report.strategy)) · settle started at \(report.settleStartedAt) · \(report.quietAt.map { "quiet at \($0)" } ?? "never quiet") · ended at \(report.endedAt)</p></header>")
        if !report.notes.isEmpty {
            page.section("Notes") { page in
                page.raw("<ul>")
                for note in report.notes {
                    page.raw("<li>")
                    page.escaped(note)
                    page.raw("</li>")
                }
                page.raw("</ul>")
            }
        }
        page.section("Expectations") { page in
            page.table(["key", "expected", "actual", "held"], report.expectations.map { result in
                (result.held ? "held" : "broken", [result.key, result.expected, result.actual, result.held ? "✓" : "✗"])
            })
        }
        page.section("Anomalies") { anomalies(report, into: &$0) }
        if let timeline = report.timeline {
            page.section("Timeline") { page in
                let drawing = TimelineSVG(timeline: timeline, report: report)
                page.raw("<p class=\"hint\">True time runs left to right; long quiet stretches are cut. Hover over anything for its details.</p>")
                if let omitted = drawing.omitted {
                    page.raw("<p class=\"omitted\">")
                    page.escaped(omitted)
                    page.raw("</p>")
                }
                page.raw("<div class=\"scroll\">")
                drawing.draw(into: &page)
                page.raw("</div>")
                page.raw(HTMLReportWriter.legend)
            }
        }
        page.section("Clocks") { clocks(report, into: &$0) }
        page.section("Conflicts") { conflicts(report, into: &$0) }
        page.section("End state") { endState(report, into: &$0) }
        page.section("Reproduce") { page in
            page.raw("<pre>")
            page.escaped(report.repro)
            page.raw("</pre>")
        }
        buffer.append(page.finished())
    }

    private func anomalies(_ report: Report, into page: inout HTMLPage) {
        guard !report.anomalies.isEmpty else { return page.raw("<p>No anomalies.</p>") }
        page.raw("<ol class=\"anomalies\">")
        for (number, anomaly) in report.anomalies.enumerated() {
            page.raw("<li id=\"anomaly-\(number + 1)\"><span class=\"kind\">\(anomaly.kind.rawValue)</span>")
            if let record = anomaly.record {
                page.raw(" on <code>")
                page.escaped(record)
                page.raw("</code>")
            }
            if let cause = anomaly.cause { page.raw(" <span class=\"cause\">\(cause.rawValue)</span>") }
            page.raw(": ")
            page.escaped(anomaly.sentence)
            page.raw("</li>")
        }
        page.raw("</ol>")
    }

    /// The devices whose clock does not keep true time.
    private func clocks(_ report: Report, into page: inout HTMLPage) {
        let off = report.devices.filter { $0.clock != ClockConfig() }
        guard !off.isEmpty else { return page.raw("<p>Every device's clock keeps true time.</p>") }
        page.table(["device", "skew", "drift"], off.map { device in
            ("skewed", [device.id, device.clock.skew.description, FieldValue.format(device.clock.driftPPM) + " ppm"])
        })
        if off.count < report.devices.count { page.raw("<p>Every other device's clock keeps true time.</p>") }
    }

    /// Every conflict met, with both sides' timestamps by the strategy's clock and what was decided.
    private func conflicts(_ report: Report, into page: inout HTMLPage) {
        guard !report.conflicts.isEmpty else { return page.raw("<p>No conflicts.</p>") }
        let shown = report.conflicts.prefix(HTMLReportWriter.conflictsListed)
        page.raw("<p class=\"hint\">Each side's conflict timestamp by the clock named, with the true time it was taken where that differs.</p>")
        page.table(["at", "device", "record", "clock", "device's change", "server's version", "resolution"], shown.map { conflict in
            (conflict.skewed ? "broken" : "held",
             [conflict.time.description, conflict.device, conflict.record, conflict.clock?.rawValue ?? "the app's",
              ConflictStamp.text(conflict.local), ConflictStamp.text(conflict.server), conflict.resolutionText])
        })
        if report.conflicts.count > shown.count {
            page.raw("<p>… and \(report.conflicts.count - shown.count) more; the JSON report lists every one.</p>")
        }
    }

    /// How many conflicts the page lists.
    private static let conflictsListed = 200

    /// Each record on the server and on every device; a device's cell that differs from the server is marked. Only the
    /// records listed are looked up by id.
    private func endState(_ report: Report, into page: inout HTMLPage) {
        // Every id listed anywhere, gathered only when needed: a run that converged lists the server's ids on every
        // device, and a store too large to list whole lists only its notable records, most often none.
        let every = HTMLReportWriter.listsTheServersIDs(report) ? nil : HTMLReportWriter.ids(of: report)
        let all = every?.count ?? report.server.count
        let ids: Set<String>
        if all > Report.endStateListed {
            let notable = report.notableRecords
            ids = notable.isEmpty ? [] : notable.intersection(every ?? HTMLReportWriter.ids(of: report))
        } else {
            ids = every ?? HTMLReportWriter.ids(of: report)
        }
        if all > ids.count {
            page.raw("<p class=\"omitted\">")
            page.escaped(Report.leftOut(all, listed: ids.count))
            page.raw("</p>")
        }
        let byID = { (records: [RecordState]) in
            ids.isEmpty ? [:]
                : Dictionary(records.lazy.filter { ids.contains($0.id) }.map { ($0.id, $0) }) { first, _ in first }
        }
        let server = byID(report.server)
        let devices = report.devices.map { byID($0.records) }
        let rows = ids.sorted().map { id -> (String, [String]) in
            let truth = server[id].flatMap { $0.deleted ? nil : $0.fieldsSummary }
            var differs = false
            let cells = devices.map { records -> String in
                let shown = records[id].flatMap { $0.deleted ? nil : $0.fieldsSummary }
                if shown != truth { differs = true }
                return shown ?? "—"
            }
            return (differs ? "differs" : "same", [id, truth ?? "—"] + cells)
        }
        page.table(["record", "server"] + report.devices.map(\.id), rows)
        page.raw("<p class=\"hint\">— : not there, or deleted. Rows where a device differs from the server are marked.</p>")
    }

    /// Whether every device lists the server's ids, in the server's order: then they are all the ids listed.
    private static func listsTheServersIDs(_ report: Report) -> Bool {
        report.devices.allSatisfy { device in
            device.records.count == report.server.count
                && device.records.indices.allSatisfy { device.records[$0].id == report.server[$0].id }
        }
    }

    /// Every id the server or a device lists.
    private static func ids(of report: Report) -> Set<String> {
        var ids = Set(report.server.map(\.id))
        for device in report.devices {
            for record in device.records { ids.insert(record.id) }
        }
        return ids
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
