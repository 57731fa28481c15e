import Foundation
import Testing
@testable import SyncSimulator

/// The HTML report, checked from the HTML itself: lanes, shaded periods, messages, anomaly markers, the end state.
@Suite struct HTMLReportTests {
    private func page(_ path: String) -> (Report, String) {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run(trace: nil, recordsTimeline: true)
        return (report, HTMLReportWriter().render(report))
    }

    /// Every distinct value of `attribute` in the page, in order of first appearance.
    private func values(of attribute: String, in html: String) -> [String] {
        var seen: [String] = []
        for part in html.components(separatedBy: "\(attribute)=\"").dropFirst() {
            let value = String(part.prefix { $0 != "\"" })
            if !seen.contains(value) { seen.append(value) }
        }
        return seen
    }

    private func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    @Test func aZombieRunShowsItsLanesPeriodsMessagesAndAnomaly() {
        let (report, html) = page("zombies/zombie-after-long-offline.json")
        #expect(values(of: "data-lane", in: html) == ["server", "iPhone", "iPad"])
        // The iPhone's 31 days in airplane mode, shaded on its lane, and the quiet stretch cut on the axis.
        #expect(html.contains("<title>iPhone offline from 1m to 31d</title>"))
        #expect(count("class=\"cut\"", in: html) >= 1)
        #expect(html.contains("<title>2m: iPhone: edit fav1: rating = 5</title>"))
        #expect(html.contains("<title>3m: iPad: delete fav1</title>"))
        #expect(count("class=\"message request\"", in: html) > 0 && count("class=\"message answer\"", in: html) > 0)
        // The zombie, numbered on the timeline at its moments and listed with its sentence.
        #expect(report.anomalies.map(\.kind) == [.zombie])
        #expect(count("class=\"anomaly\" data-anomaly=\"1\" data-record=\"fav1\"", in: html) == report.anomalies[0].times.count)
        #expect(html.contains("<li id=\"anomaly-1\"><span class=\"kind\">zombie</span> on <code>fav1</code>"))
        #expect(html.contains("<span class=\"verdict passed\">PASS</span>"))
        #expect(html.contains("<pre>swift run syncsim run zombies-after-long-offline.json --seed 1</pre>")
            || html.contains("<pre>swift run syncsim run zombie-after-long-offline.json --seed 1</pre>"))
    }

    @Test func thePageIsSelfContainedAndTheSameTwice() {
        let (_, html) = page("server-errors/outage-and-rate-limit-during-catch-up.json")
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href=\"http"))
        #expect(html.contains("class=\"period outage\"") && html.contains("class=\"period rate-limit\""))
        #expect(html == page("server-errors/outage-and-rate-limit-during-catch-up.json").1)
    }

    @Test func lostMessagesAreMarked() {
        let (_, html) = page("retries/increment-once-with-idempotency-keys.json")
        #expect(count("class=\"message answer lost\"", in: html) > 0)
        #expect(html.contains("✕"))
    }

    @Test func theEndStateMarksADeviceThatDiffers() {
        let (report, html) = page("buggy-clients/hard-delete-request-lost-never-converges.json")
        #expect(report.anomalies.contains { $0.kind == .divergence })
        #expect(html.contains("<tr class=\"differs\">"))
    }

    @Test func aLongGapIsCutAndAShortOneIsNot() {
        let axis = TimeAxis(moments: [.zero, .millis(200), .days(31)], left: 0)
        #expect(axis.x(.millis(200)) == TimeAxis.width(ofGap: 200_000))
        #expect(axis.cuts.map(\.gap) == [.days(31) - .millis(200)])
        #expect(TimeAxis.width(ofGap: 200_000) == 23 && TimeAxis.width(ofGap: SimDuration.days(31).micros) == 260)
        #expect(axis.x(.millis(100)) == 11, "a moment between two drawn ones lies in proportion")
    }

    @Test func aLargeRunDrawsTheAnomaliesRecordsAndCountsTheRest() {
        var (report, _) = page("zombies/zombie-after-long-offline.json")
        let filler = (0..<3_100).map { index in
            Timeline.Mark(time: .seconds(Int64(index)), device: "iPad", kind: .edit, record: "other\(index)", detail: "edit")
        }
        report.timeline?.marks += filler
        let html = HTMLReportWriter().render(report)
        #expect(!html.contains("data-record=\"other1\""))
        #expect(html.contains("<p class=\"omitted\">This run has ") && html.contains(" others are not.</p>"))
        #expect(html.contains("data-record=\"fav1\""))
    }

    @Test func textFromAScenarioIsEscaped() {
        var (report, _) = page("deletes/delete-reaches-offline-device.json")
        report.description = "<script>alert(1)</script> \u{1B}[31m"
        let html = HTMLReportWriter().render(report)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; \\u{1B}[31m"))
        #expect(!html.contains("<script>"))
    }

    @Test func theSuiteIndexLinksEveryReport() {
        var (report, _) = page("zombies/zombie-after-long-offline.json")
        report.suitePath = "zombies/zombie-after-long-offline.json"
        let index = SuiteIndexWriter().render([report])
        #expect(index.contains("<a href=\"zombies/zombie-after-long-offline.html\">zombies/zombie-after-long-offline.json</a>"))
        #expect(index.contains("<h1>1 scenario: 1 passed, 0 failed</h1>"))
        #expect(index.contains("<td class=\"count some\">1</td>"))
    }
}

/// A store too large to list whole: the Markdown and HTML tables list the notable records, the JSON every one.
@Suite struct LargeEndStateTests {
    @Test func onlyNotableRecordsAreListedPastTheLimit() {
        var scenario = Scenario(name: "large", devices: [DeviceConfig(id: "A"), DeviceConfig(id: "B")])
        scenario.records = (0..<250).map { RecordSpec(id: String(format: "r%03d", $0), type: "Item", fields: ["n": .number(Double($0))]) }
        let report = Simulation(scenario: scenario).run()
        let markdown = MarkdownReportWriter().render(report)
        #expect(markdown.contains("250 records, none named by an anomaly or shown by a device otherwise than by the server; the JSON report lists every one."))
        #expect(!markdown.contains("| r001 |"))
        let html = HTMLReportWriter().render(report)
        #expect(html.contains("<p class=\"omitted\">250 records, none named by an anomaly"))
        #expect(!html.contains("<td>r001</td>"))
        #expect(JSONReportWriter().render(report).contains("\"id\": \"r249\""))
        var listed = report
        listed.anomalies = [Anomaly(kind: .zombie, record: "r007", devices: ["A"], times: [], sentence: "r007 came back.")]
        #expect(MarkdownReportWriter().render(listed).contains("250 records: the 1 that an anomaly names or a device shows otherwise than the server are listed"))
        #expect(MarkdownReportWriter().render(listed).contains("| r007 |"))
    }

    /// Records a device shows otherwise than the server are listed, and only those: other fields, or a record the
    /// server lacks that is live on the device (one deleted there shows alike).
    @Test func recordsADeviceShowsOtherwiseAreListed() {
        var scenario = Scenario(name: "large", devices: [DeviceConfig(id: "A"), DeviceConfig(id: "B")])
        scenario.records = (0..<250).map { RecordSpec(id: String(format: "r%03d", $0), type: "Item", fields: ["n": .number(Double($0))]) }
        var report = Simulation(scenario: scenario).run()
        report.devices[1].records[5].fields = ["n": .number(99)]
        report.devices[0].records.append(RecordState(id: "extra", type: "Item", fields: [:], syncState: "pending"))
        report.devices[0].records.append(RecordState(id: "gone", type: "Item", fields: nil, syncState: "synced"))
        let markdown = MarkdownReportWriter().render(report)
        #expect(markdown.contains("250 records: the 1 that an anomaly names or a device shows otherwise than the server are listed"))
        #expect(markdown.contains("| r005 | Item | synced | n: 99 |"))
        #expect(markdown.contains("| extra | Item | pending |  |"))
        #expect(!markdown.contains("| gone |") && !markdown.contains("| r004 |"))
        let html = HTMLReportWriter().render(report)
        // The count takes in the records only a device lists.
        #expect(html.contains("<p class=\"omitted\">252 records: the 2 that an anomaly names or a device shows otherwise than the server are listed"))
        #expect(html.contains("<tr class=\"differs\"><td>r005</td><td>n: 5</td><td>n: 5</td><td>n: 99</td></tr>"))
        #expect(html.contains("<tr class=\"differs\"><td>extra</td><td>—</td><td></td><td>—</td></tr>"))
        #expect(!html.contains("<td>gone</td>"))
    }

    /// A device that lacks a record lists every later one a place before the server does; each is still compared
    /// with the server's record of the same id.
    @Test func aListingShiftedByAMissingRecordIsComparedByID() {
        var scenario = Scenario(name: "large", devices: [DeviceConfig(id: "A"), DeviceConfig(id: "B")])
        scenario.records = (0..<250).map { RecordSpec(id: String(format: "r%03d", $0), type: "Item", fields: ["n": .number(Double($0))]) }
        var report = Simulation(scenario: scenario).run()
        report.devices[0].records.remove(at: 3)
        report.devices[0].records[100].fields = ["n": .number(-1)]
        let markdown = MarkdownReportWriter().render(report)
        #expect(markdown.contains("250 records: the 1 that an anomaly names or a device shows otherwise than the server are listed"))
        #expect(markdown.contains("| r101 | Item | synced | n: -1 |"))
        let html = HTMLReportWriter().render(report)
        #expect(html.contains("<p class=\"omitted\">250 records: the 1 that an anomaly names or a device shows otherwise than the server are listed"))
        #expect(html.contains("<tr class=\"differs\"><td>r101</td><td>n: 101</td><td>n: -1</td><td>n: 101</td></tr>"))
    }
}
