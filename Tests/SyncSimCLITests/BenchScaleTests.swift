import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// The bench's scale cases: each runs in a worker process whose own peak memory its row shows, a worker that fails is
/// a row that says why, and each case runs as meant (a busy run to its budget, the others to quiet).
@Suite struct BenchScaleTests {
    /// Bench options that keep the rows run in the bench's own process small.
    static let small = ["--events", "200", "--devices", "5", "--repeat", "1", "--seeds", "3", "--actions", "50"]

    /// Runs `bench` with `worker` standing in for this program's executable, so it runs every scale case.
    private static func bench(_ extra: [String], worker: String) -> CLIOutcome {
        runCaptured(["bench"] + small + ["--scale-up-to", "10000"] + extra) { Environment(console: $0, executable: worker) }
    }

    /// The table's row named `name`, split into its cells.
    private static func row(_ name: String, in output: String) -> [String]? {
        output.split(separator: "\n").first { $0.hasPrefix(name + "  ") }
            .map { $0.dropFirst(name.count).split(separator: " ").map(String.init) }
    }

    @Test func theBuiltBenchMeasuresEachScaleCaseInAProcessOfItsOwn() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            let pipe = Pipe()
            var output = Data()
            let arguments = ["bench"] + Self.small + ["--scale-up-to", "100000", "--json", folder + "/bench.json"]
            let ending = try BuiltExecutable.run(executable, arguments, standardOutput: pipe) {
                output = pipe.fileHandleForReading.readDataToEndOfFile()
            }
            #expect(ending.status == 0 && !ending.signalled, "\(ending.error)")
            let text = String(decoding: output, as: UTF8.self)
            #expect(Self.row("busy run, 10000 events", in: text)?.first == "10001")
            #expect(Self.row("busy run, 100000 events", in: text)?.first == "100001")
            let json = try FuzzTestSupport.object(at: folder + "/bench.json")
            let rows = try #require(json["rows"] as? [[String: Any]])
            #expect(rows.map { $0["measured"] as? String }.suffix(2) == ["busy run, 10000 events", "busy run, 100000 events"])
            for row in rows.suffix(2) {
                #expect(row["peakMegabytes"] as? Int ?? 0 > 0, "the worker's own peak: \(row)")
            }
            #expect(rows.dropLast(2).allSatisfy { $0["peakMegabytes"] is NSNull }, "the rows run in the bench's process")
        }
    }

    /// A worker started by `Process` inherits its parent's peak into `getrusage`; the worker's figure must be its own.
    @Test func aWorkersPeakIsNotTheBenchsPeak() throws {
        let executable = try #require(BuiltExecutable.path)
        let megabytes = 150
        var ballast = [UInt8](repeating: 1, count: megabytes << 20)
        let outcome = ScaleCase.busy(events: 10_000).measure(inWorker: executable)
        ballast[ballast.count - 1] = 2
        #expect(ballast.last == 2)
        let peak = try #require(outcome.measurement?.peakMegabytes, "\(outcome)")
        #expect(peak > 0 && peak < megabytes, "a busy run of 10^4 events needs far less than the \(megabytes) MB held here")
    }

    @Test func aWorkersLineGivesItsRowsFigures() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script(#"""
                echo "$@" >> '\#(folder)/arguments'
                printf 'measured\t10001\t5000000\t2000000\t42\n'
                """#, in: folder)
            let outcome = Self.bench(["--scale-cases", "busy,records,devices", "--json", folder + "/bench.json"], worker: worker)
            #expect(outcome.code == 0, "\(outcome.err)")
            let busy = try #require(Self.row("busy run, 10000 events", in: outcome.out))
            #expect(busy.prefix(2) == ["10001", "5.0"], "\(busy)")
            #expect(busy.suffix(2) == ["2.0", "42"], "reports ms and peak MB as the worker gave them")
            #expect(Self.row("10 devices × 100000 records", in: outcome.out)?.last == "42")
            #expect(Self.row("10000 devices × 100 records", in: outcome.out)?.last == "42")
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8)
                == "bench --worker-case busy-10000\nbench --worker-case records\nbench --worker-case devices\n")
            let rows = try #require(try FuzzTestSupport.object(at: folder + "/bench.json")["rows"] as? [[String: Any]])
            #expect(rows.last?["peakMegabytes"] as? Int == 42)
            #expect(rows.last?["reportsMilliseconds"] as? Double == 2.0)
        }
    }

    @Test(arguments: [
        ("kill -SEGV $$", "the worker process was killed by signal 11"),
        ("echo 'Fatal error' >&2; exit 3", "the worker process exited with status 3 without a measurement: Fatal error"),
        ("echo 'starting' >&2; echo 'Fatal error: Index out of range' >&2; kill -ILL $$",
         "the worker process was killed by signal 4: Fatal error: Index out of range"),
        (#"printf 'measured\tmany\n'; exit 0"#, "the worker process exited with status 0 without a measurement"),
        (#"printf 'failed\tthe busy run went quiet after 9 events, short of its budget of 10000\n'; exit 1"#,
         "the busy run went quiet after 9 events, short of its budget of 10000"),
    ])
    func aFailedWorkerIsARowThatSaysWhy(script: String, reason: String) throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script(script, in: folder)
            let outcome = Self.bench(["--json", folder + "/bench.json"], worker: worker)
            #expect(outcome.code == 1)
            #expect(Self.row("busy run, 10000 events", in: outcome.out) == Array(repeating: "-", count: BenchTable.headers.count - 1))
            #expect(outcome.out.contains("\nWrote \(folder)/bench.json\n"), "the table and its JSON are still written")
            #expect(outcome.err.hasSuffix("Error: busy run, 10000 events: \(reason)\n"))
            let rows = try #require(try FuzzTestSupport.object(at: folder + "/bench.json")["rows"] as? [[String: Any]])
            #expect(rows.last?["measured"] as? String == "busy run, 10000 events")
            #expect(rows.last?["error"] as? String == reason)
            #expect(rows.last?["count"] == nil)
        }
    }

    @Test func aWorkerNamesItsCaseOrItIsAUsageError() {
        let outcome = runCLI(["bench", "--worker-case", "busy-5"])
        #expect(outcome.code == 64)
        #expect(outcome.err.hasPrefix("Error: invalid value for '--worker-case': no scale case is named 'busy-5'\n"))
    }

    @Test func outcomesTravelAsOneLine() {
        let measured = BenchRow.Outcome.measured(BenchMeasurement(count: 7, duration: .nanoseconds(1_234_567),
                                                                  reportsDuration: .nanoseconds(89), peakMegabytes: 12))
        #expect(BenchRow.line(measured) == "measured\t7\t1234567\t89\t12")
        #expect(BenchRow.outcome(line: Substring(BenchRow.line(measured))) == measured)
        let bare = BenchRow.Outcome.measured(BenchMeasurement(count: 7, duration: .nanoseconds(5)))
        #expect(BenchRow.line(bare) == "measured\t7\t5\t-\t-")
        #expect(BenchRow.outcome(line: Substring(BenchRow.line(bare))) == bare)
        #expect(BenchRow.line(.failed("a\tb\nc")) == "failed\ta b c")
        #expect(BenchRow.outcome(line: "failed\ta b c") == .failed("a b c"))
        #expect(BenchRow.outcome(line: "measured\t7\t5\t-") == nil)
        #expect(BenchRow.outcome(line: "warning: this is a debug build") == nil)
    }

    @Test func aBusyRunThatReachesItsBudgetIsMeasured() throws {
        let outcome = ScaleCase.busy(events: 10_000).measure { Simulation(scenario: $0).run() }
        #expect(outcome.measurement?.count == 10_001, "\(outcome)")
        #expect(outcome.measurement?.peakMegabytes == nil && outcome.measurement?.reportsDuration == nil)
    }

    @Test func aBusyRunThatGoesQuietEarlyIsNotMeasured() {
        let short = { (scenario: Scenario) -> Report in
            var scenario = scenario
            scenario.timeline = Array(scenario.timeline.prefix(100))
            return Simulation(scenario: scenario).run()
        }
        let events = short(.busyLoad(events: 10_000)).counters.events
        #expect(events < 10_000)
        #expect(ScaleCase.busy(events: 10_000).measure(simulate: short)
            == .failed("the busy run went quiet after \(events) events, short of its budget of 10000"))
    }

    @Test func theRecordsCaseTimesItsReportsAndRemovesThem() throws {
        let small = Simulation(scenario: .manyRecordsLoad(records: 3_000)).run()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("syncsim-bench-\(ProcessInfo.processInfo.processIdentifier)")
        let outcome = ScaleCase.records.measure { _ in small }
        let measured = try #require(outcome.measurement, "\(outcome)")
        #expect(measured.count == small.counters.events)
        let reports = try #require(measured.reportsDuration)
        #expect(reports > .zero && reports <= measured.duration)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(ScaleCase.records.reportFormats == [.md, .json])
        #expect(ScaleCase.records.measure { _ in fakeReport(for: Scenario(name: "x", devices: [])) }
            == .failed("the scenario failed: budget exhausted"))
    }
}
