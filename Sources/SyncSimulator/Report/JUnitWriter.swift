/// Renders a suite run as JUnit XML for CI systems: a `testsuite` per folder of the suite, a `testcase` per scenario
/// file named by its path in the suite, failed expectations and anomalies as a `failure`, an invalid file as an `error`.
/// Times are simulated seconds (how long each run lasted in true time), never the wall clock, so the file is the same
/// on every run.
public struct JUnitWriter: Sendable {
    /// One scenario file of the suite: the report of its run, or why it could not be loaded.
    public enum Entry: Hashable, Sendable {
        case ran(Report)
        /// `suitePath` is the file's path relative to the suite root, as reports name it.
        case invalid(suitePath: String, error: ScenarioError)

        /// The file's path relative to the suite root.
        public var suitePath: String {
            switch self {
            case let .ran(report): return report.suitePath
            case let .invalid(suitePath, _): return suitePath
            }
        }
    }

    /// The JUnit writer.
    public init() {}

    /// The suite's JUnit XML: folders in the order their first file appears, files in the order given.
    public func render(_ entries: [Entry]) -> String {
        var folders: [String] = []
        var byFolder: [String: [Entry]] = [:]
        for entry in entries {
            let folder = JUnitWriter.folder(of: entry.suitePath)
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(entry)
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"syncsim\"\(JUnitWriter.counts(entries))>\n"
        for folder in folders {
            let cases = byFolder[folder]!
            xml += "  <testsuite name=\"\(XMLText.attribute(folder))\"\(JUnitWriter.counts(cases))>\n"
            cases.forEach { xml += testcase($0, folder: folder) }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private func testcase(_ entry: Entry, folder: String) -> String {
        let name = XMLText.attribute(entry.suitePath)
        let opening = "    <testcase classname=\"\(XMLText.attribute(folder))\" name=\"\(name)\" time=\"\(JUnitWriter.seconds(entry))\""
        let outcome: String
        switch entry {
        case let .ran(report) where report.passed:
            return opening + "/>\n"
        case let .ran(report):
            let message = XMLText.attribute(JUnitWriter.headline(report))
            outcome = "<failure message=\"\(message)\" type=\"\(report.result.rawValue)\">"
                + XMLText.content(JUnitWriter.details(report)) + "</failure>"
        case let .invalid(_, error):
            let issues = error.issues.map(\.description)
            let message = XMLText.attribute(issues.count == 1 ? issues[0] : "\(issues.count) problems in the scenario file")
            outcome = "<error message=\"\(message)\" type=\"invalid-scenario\">"
                + XMLText.content(issues.joined(separator: "\n")) + "</error>"
        }
        return opening + ">\n      " + outcome + "\n    </testcase>\n"
    }

    /// The one line a CI system shows for a failure: the failed expectations, or the budget that ran out.
    private static func headline(_ report: Report) -> String {
        let failed = report.expectations.filter { !$0.held }
            .map { "\($0.key): expected \($0.expected), found \($0.actual)" }
        if report.result == .budgetExhausted {
            return (["the run reached a limit before it ended"] + failed).joined(separator: "; ")
        }
        return failed.joined(separator: "; ")
    }

    /// The failure's text: each failed expectation, each anomaly's sentence, and the command that reproduces it.
    private static func details(_ report: Report) -> String {
        var lines = ["\(report.scenario) (seed \(report.seed), \(report.strategy)): \(report.result.label)"]
        if report.result == .budgetExhausted { lines.append("The run reached a limit before it ended.") }
        let failed = report.expectations.filter { !$0.held }
        if !failed.isEmpty {
            lines.append("Failed expectations:")
            lines += failed.map { "- \($0.key): expected \($0.expected), found \($0.actual)" }
        }
        if !report.anomalies.isEmpty {
            lines.append("Anomalies:")
            lines += report.anomalies.map { "- \($0.kind.rawValue): \($0.sentence)" }
        }
        lines.append("Reproduce: \(report.repro)")
        return lines.joined(separator: "\n")
    }

    /// ` tests="3" failures="1" errors="0" time="640.660"` for a group of entries.
    private static func counts(_ entries: [Entry]) -> String {
        var failures = 0, errors = 0
        var micros: Int64 = 0
        for entry in entries {
            switch entry {
            case let .ran(report):
                if !report.passed { failures += 1 }
                micros += report.endedAt.micros
            case .invalid:
                errors += 1
            }
        }
        return " tests=\"\(entries.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(micros))\""
    }

    /// How long the run lasted in simulated time; an invalid file did not run.
    private static func seconds(_ entry: Entry) -> String {
        guard case let .ran(report) = entry else { return seconds(0) }
        return seconds(report.endedAt.micros)
    }

    /// Seconds with three decimals, by integer arithmetic: "640.660".
    private static func seconds(_ micros: Int64) -> String {
        let millis = micros / 1_000
        let fraction = String(millis % 1_000)
        return "\(millis / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// The folder of a path in the suite, "." for a file at its root.
    private static func folder(of suitePath: String) -> String {
        guard let slash = suitePath.lastIndex(of: "/") else { return "." }
        return String(suitePath[..<slash])
    }
}
