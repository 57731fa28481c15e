import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SyncSimulator

/// `JUnitWriter` renders a suite run in the structure CI systems read, checked by parsing it as XML.
@Suite struct JUnitWriterTests {
    /// A passing report of `suitePath`, `endedAt` long in simulated time.
    func report(_ suitePath: String, endedAt: SimDuration, failing: Bool = false) -> Report {
        var report = ReportFixtures.zombie
        report.suitePath = suitePath
        report.scenario = ((suitePath as NSString).lastPathComponent as NSString).deletingPathExtension
        report.endedAt = endedAt
        report.result = failing ? .failed : .passed
        if !failing { report.expectations = report.expectations.filter(\.held) }
        return report
    }

    var entries: [JUnitWriter.Entry] {
        [
            .ran(report("zombies/a.json", endedAt: .minutes(10) + .millis(660), failing: true)),
            .ran(report("zombies/b.json", endedAt: .seconds(30))),
            .invalid(suitePath: "clocks/broken.json", error: ScenarioError(file: "Scenarios/clocks/broken.json", issues: [
                ScenarioIssue(path: "devices[0].clock.skew", message: "expected a duration, found \"soon\""),
            ])),
            .ran(report("top.json", endedAt: .millis(5))),
        ]
    }

    func parsed(_ entries: [JUnitWriter.Entry]) throws -> XMLElement {
        try #require(XMLDocument(xmlString: JUnitWriter().render(entries)).rootElement())
    }

    func attributes(_ element: XMLElement, _ names: [String]) -> [String] {
        names.map { element.attribute(forName: $0)?.stringValue ?? "missing" }
    }

    @Test func aTestsuitePerFolderWithCountsAndSimulatedTimes() throws {
        let root = try parsed(entries)
        #expect(root.name == "testsuites")
        #expect(attributes(root, ["tests", "failures", "errors", "time"]) == ["4", "1", "1", "630.665"])
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { attributes($0, ["name", "tests", "failures", "errors", "time"]) } == [
            ["zombies", "2", "1", "0", "630.660"],
            ["clocks", "1", "0", "1", "0.000"],
            [".", "1", "0", "0", "0.005"],
        ])
        #expect(suites.map { $0.elements(forName: "testcase").map { attributes($0, ["classname", "name", "time"]) } } == [
            [["zombies", "zombies/a.json", "600.660"], ["zombies", "zombies/b.json", "30.000"]],
            [["clocks", "clocks/broken.json", "0.000"]],
            [[".", "top.json", "0.005"]],
        ])
    }

    @Test func aFailureCarriesTheFailedExpectationsAndTheAnomalies() throws {
        let cases = try parsed(entries).elements(forName: "testsuite")[0].elements(forName: "testcase")
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(attributes(failure, ["message", "type"]) == ["zombies: expected 0, found 1", "failed"])
        #expect(failure.stringValue == """
            a (seed 7, lww): FAIL
            Failed expectations:
            - zombies: expected 0, found 1
            Anomalies:
            - zombie: fav1 was deleted on the iPad and came back when the iPhone re-uploaded it.
            Reproduce: swift run syncsim run Scenarios/zombies/zombie-after-long-offline.json --seed 7
            """)
        #expect(cases[1].childCount == 0)
    }

    @Test func anInvalidFileIsAnErrorWithItsIssues() throws {
        let testcase = try parsed(entries).elements(forName: "testsuite")[1].elements(forName: "testcase")[0]
        let error = try #require(testcase.elements(forName: "error").first)
        #expect(attributes(error, ["message", "type"]) == ["devices[0].clock.skew: expected a duration, found \"soon\"",
                                                           "invalid-scenario"])
        #expect(testcase.elements(forName: "failure").isEmpty)
    }

    @Test func aBudgetExhaustedRunFailsSayingSo() throws {
        var budget = report("load/big.json", endedAt: .hours(1))
        budget.result = .budgetExhausted
        let failure = try #require(try parsed([.ran(budget)]).elements(forName: "testsuite")[0]
            .elements(forName: "testcase")[0].elements(forName: "failure").first)
        #expect(attributes(failure, ["message", "type"]) == ["the run reached a limit before it ended", "budget-exhausted"])
    }

    /// Markup characters, line breaks in a message and control characters, which XML 1.0 forbids, all survive.
    @Test func textIsEscapedAndForbiddenCharactersReplaced() throws {
        var odd = report("a&b/<odd>.json", endedAt: .seconds(1), failing: true)
        odd.expectations = [ExpectationResult(key: "records.r.title", expected: "\"x\"\n\"y\"", actual: "\"\u{1B}[31m\0\"",
                                              held: false)]
        odd.anomalies[0].sentence = "a <b> & \"c\" \u{7}"
        let testcase = try parsed([.ran(odd)]).elements(forName: "testsuite")[0].elements(forName: "testcase")[0]
        #expect(attributes(testcase, ["classname", "name"]) == ["a&b", "a&b/<odd>.json"])
        let failure = try #require(testcase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue
            == "records.r.title: expected \"x\"\n\"y\", found \"\\u{1B}[31m\\u{0}\"")
        #expect(failure.stringValue?.contains("- zombie: a <b> & \"c\" \\u{7}\n") == true)
    }

    @Test func exactTextOfASmallSuite() {
        let reports = [report("clocks/fast.json", endedAt: .minutes(10) + .millis(660))]
        #expect(JUnitWriter().render(reports.map { .ran($0) }) == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="syncsim" tests="1" failures="0" errors="0" time="600.660">
              <testsuite name="clocks" tests="1" failures="0" errors="0" time="600.660">
                <testcase classname="clocks" name="clocks/fast.json" time="600.660"/>
              </testsuite>
            </testsuites>

            """)
    }
}
