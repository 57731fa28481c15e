import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `run --trace` writes `<name>.trace.jsonl` beside the report: one JSON object per event, the same bytes every run.
@Suite struct RunTraceTests {
    /// Runs `suite/reorder.json` with `--trace` into `out` and returns the outcome.
    private static func traced(in folder: String, out: String) throws -> CLIOutcome {
        try writeFiles(["suite/reorder.json": ScenarioTexts.reorder], under: folder)
        return runRealCLI(["run", folder + "/suite", "--trace", "--out", out])
    }

    @Test func theTraceHasOneJSONObjectPerEvent() throws {
        try withTemporaryFolder { folder in
            let outcome = try Self.traced(in: folder, out: folder + "/out")
            #expect(outcome.code == 0)
            #expect(try FuzzTestSupport.listing(folder + "/out") == ["index.html", "reorder.html", "reorder.json", "reorder.md",
                                                                    "reorder.trace.jsonl"])
            let text = try String(contentsOfFile: folder + "/out/reorder.trace.jsonl", encoding: .utf8)
            #expect(text.hasSuffix("}\n"))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let objects = try lines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
            #expect(objects.allSatisfy { $0["time"] is String && $0["kind"] is String })
            let report = try FuzzTestSupport.object(at: folder + "/out/reorder.json")
            let events = try #require((report["counters"] as? [String: Any])?["events"] as? Int)
            #expect(events > 10)
            #expect(objects.count == events)
            #expect(lines.first == #"{"time":"1m","deviceTime":"1m","device":"iPad","kind":"step","outcome":"offline"}"#)
            let kinds = Set(objects.compactMap { $0["kind"] as? String })
            #expect(kinds.isSubset(of: ["step", "settle", "settleDeadline", "refresh", "timer", "atServer", "serverAnswers",
                                        "atDevice", "timeout", "push"]))
            #expect(kinds.isSuperset(of: ["step", "atServer", "atDevice"]))
        }
    }

    @Test func twoRunsWriteTheSameTraceBytes() throws {
        try withTemporaryFolder { folder in
            #expect(try Self.traced(in: folder, out: folder + "/one").code == 0)
            #expect(try Self.traced(in: folder, out: folder + "/two").code == 0)
            let one = try Data(contentsOf: URL(fileURLWithPath: folder + "/one/reorder.trace.jsonl"))
            let two = try Data(contentsOf: URL(fileURLWithPath: folder + "/two/reorder.trace.jsonl"))
            #expect(one.count > 1000)
            #expect(one == two)
        }
    }

    @Test func withoutTraceNoTraceIsWritten() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["reorder.json": ScenarioTexts.reorder], under: folder)
            #expect(runRealCLI(["run", folder + "/reorder.json", "--out", folder + "/out"]).code == 0)
            #expect(try FuzzTestSupport.listing(folder + "/out") == ["index.html", "reorder.html", "reorder.json", "reorder.md"])
        }
    }
}
