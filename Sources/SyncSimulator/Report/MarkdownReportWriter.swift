/// Renders a report as a Markdown page for people: verdict, facts, expectations, anomalies, clocks and conflicts,
/// end state, counters, repro.
public struct MarkdownReportWriter: ReportWriter, BufferedReportWriter {
    /// `md`.
    public let fileExtension = "md"

    /// The Markdown report writer.
    public init() {}

    /// The report as a Markdown page.
    public func render(_ report: Report) -> String {
        renderedInBuffer(report)
    }

    /// The page, made in a buffer of its own (a page is small: large stores are summarised) and appended.
    func write(_ report: Report, into buffer: inout TextBuffer) {
        var page = MarkdownPage()
        page.line("# \(report.scenario) — \(report.result.label)")
        if !report.description.isEmpty {
            page.paragraph(report.description)
        }
        page.blank()
        page.line("- Seed: \(report.seed)")
        page.line("- Strategy: \(report.strategy)")
        page.line("- Settle started at: \(report.settleStartedAt)")
        page.line("- Quiet at: \(report.quietAt.map(\.description) ?? "never quiet")")
        page.line("- Ended at: \(report.endedAt)")
        if !report.notes.isEmpty {
            page.heading("Notes")
            report.notes.forEach { page.line("- \($0)") }
        }
        expectations(report, into: &page)
        anomalies(report, into: &page)
        clocks(report, into: &page)
        conflicts(report, into: &page)
        conflictsShown(report, into: &page)
        endState(report, into: &page)
        counters(report, into: &page)
        syncStates(report, into: &page)
        load(report, into: &page)
        page.heading("Reproduce")
        page.line("```sh")
        page.line(report.repro)
        page.line("```")
        buffer.append(page.buffer)
    }

    private func expectations(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Expectations")
        page.table(["key", "expected", "actual", "held"],
                   report.expectations.map { [$0.key, $0.expected, $0.actual, $0.held ? "✓" : "✗"] },
                   empty: "No expectations.")
    }

    private func anomalies(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Anomalies")
        guard !report.anomalies.isEmpty else {
            page.line("None.")
            return
        }
        for anomaly in report.anomalies {
            var parts = ["**\(anomaly.kind.rawValue)**"]
            if let record = anomaly.record { parts.append("record `\(record)`") }
            if !anomaly.devices.isEmpty { parts.append("devices " + anomaly.devices.joined(separator: ", ")) }
            if !anomaly.times.isEmpty { parts.append("at " + anomaly.times.map(\.description).joined(separator: ", ")) }
            page.line("- " + parts.joined(separator: " · ") + ": " + anomaly.sentence)
        }
    }

    private func clocks(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Clocks")
        let off = report.devices.filter { $0.clock != ClockConfig() }
        page.table(["device", "skew", "drift"], off.map { device in
            [device.id, device.clock.skew.description, FieldValue.format(device.clock.driftPPM) + " ppm"]
        }, empty: "Every device's clock keeps true time.")
        if !off.isEmpty, off.count < report.devices.count {
            page.blank()
            page.line("Every other device's clock keeps true time.")
        }
    }

    /// How many conflicts the page lists; the JSON report lists every one.
    private static let conflictsListed = 100

    private func conflicts(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Conflicts")
        guard !report.conflicts.isEmpty else {
            page.line("No conflicts.")
            return
        }
        page.line("Each side's conflict timestamp by the clock named, with the true time it was taken where that differs.")
        page.blank()
        let rows = report.conflicts.prefix(Self.conflictsListed).map { conflict in
            [conflict.time.description, conflict.device, conflict.record, conflict.clock?.rawValue ?? "the app's",
             ConflictStamp.text(conflict.local), ConflictStamp.text(conflict.server), conflict.resolutionText]
        }
        page.table(["at", "device", "record", "clock", "device's change", "server's version", "resolution"], rows,
                   empty: "")
        if report.conflicts.count > Self.conflictsListed {
            page.blank()
            page.line("… and \(report.conflicts.count - Self.conflictsListed) more conflicts; the JSON report lists every one.")
        }
    }


    private func conflictsShown(_ report: Report, into page: inout MarkdownPage) {
        guard !report.conflictsShown.isEmpty else { return }
        page.heading("Conflicts shown to the user")
        page.table(["record", "device", "shown at", "waited", "decision"], report.conflictsShown.map { shown in
            [shown.record, shown.device, shown.shownAt.description,
             shown.decidedAt.map { ($0 - shown.shownAt).description } ?? "undecided",
             shown.decision?.rawValue ?? "none"]
        }, empty: "")
    }

    private func endState(_ report: Report, into page: inout MarkdownPage) {
        page.heading("End state")
        page.subheading("Server")
        let notable = report.notableRecords
        let (server, serverLeftOut) = report.listing(report.server, notable: notable)
        if let serverLeftOut {
            page.paragraph(serverLeftOut)
            page.blank()
        }
        page.table(["record", "type", "fields"], server.map { [$0.id, $0.type, $0.fieldsSummary] },
                   empty: "No records.")
        for device in report.devices {
            page.subheading("Device \(device.id)")
            page.line("- Matches the server: \(device.matchesServer ? "yes" : "no")")
            page.line("- Outbox: \(device.outbox)")
            page.line("- Converged at: \(device.convergedAt.map(\.description) ?? "never")")
            page.blank()
            let (records, leftOut) = report.listing(device.records, notable: notable)
            if let leftOut {
                page.paragraph(leftOut)
                page.blank()
            }
            page.table(["record", "type", "sync state", "fields"],
                       records.map { [$0.id, $0.type, $0.syncState ?? "", $0.fieldsSummary] },
                       empty: "No records.")
        }
    }

    private func syncStates(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Sync states")
        page.line("How often records entered each state on a device, and how long they stayed, over every device.")
        page.blank()
        page.table(["state", "entered", "total time", "longest"], report.syncStates.map { tally in
            [tally.state.rawValue, String(tally.entered), tally.total.description, tally.longest.description]
        }, empty: "No sync states recorded.")
    }

    /// How many per-minute rows the page shows; the JSON report lists every minute.
    private static let minutesShown = 60

    private func load(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Server load")
        let load = report.load
        page.line("- Requests that reached the server: \(load.requests), rejected: \(load.rejected)")
        if let peak = load.peak {
            page.line("- Peak: \(peak.requests) requests in the minute from \(SimDuration.minutes(Int64(peak.minute)))"
                + " (\(peak.rejected) rejected)")
        }
        if let spread = report.timeToConverge {
            page.line("- Time to converge after settle started (\(spread.count) of \(report.devices.count) devices):"
                + " median \(spread.median), p99 \(spread.p99), max \(spread.max)")
        } else {
            page.line("- Time to converge after settle started: no device converged")
        }
        page.blank()
        let rows = load.minutes.prefix(Self.minutesShown).map { minute in
            [SimDuration.minutes(Int64(minute.minute)).description, String(minute.requests), String(minute.rejected)]
        }
        page.table(["minute from", "requests", "rejected"], rows, empty: "No requests.")
        if load.minutes.count > Self.minutesShown {
            page.blank()
            page.line("… and \(load.minutes.count - Self.minutesShown) more minutes with requests; the JSON report lists every one.")
        }
    }

    private func counters(_ report: Report, into page: inout MarkdownPage) {
        page.heading("Counters")
        let counters = report.counters.listed.map { [$0.name, String($0.value)] }
        let errors = report.counters.sortedErrors.map { ["errors.\($0.name)", String($0.count)] }
        page.table(["counter", "value"], counters + errors, empty: "No counters.")
    }
}
