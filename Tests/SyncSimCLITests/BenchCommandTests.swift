import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `syncsim bench` checks its options, prints its table, and measures a load scenario that converges; no timings are asserted.
@Suite struct BenchCommandTests {
    /// The smallest bench the real simulation runs in a moment.
    static let small = ["bench", "--events", "200", "--devices", "5", "--repeat", "1", "--seeds", "3", "--actions", "50",
                         "--scale-up-to", "10000"]

    @Test(arguments: [
        (["--events", "0"], "invalid value '0' for '--events'; expected 1 to 10000000"),
        (["--events", "10000001"], "invalid value '10000001' for '--events'; expected 1 to 10000000"),
        (["--devices", "-3"], "invalid value '-3' for '--devices'; expected 1 to 10000"),
        (["--devices", "many"], "invalid value 'many' for '--devices'; expected an unsigned integer"),
        (["--repeat", "101"], "invalid value '101' for '--repeat'; expected 1 to 100"),
        (["--repeat"], "missing value for '--repeat <n>'"),
        (["--seed", "1"], "unknown option '--seed'; did you mean '--seeds'?"),
        (["--scale-cases", "busy,heaps"], "invalid value 'heaps' for '--scale-cases'; expected one of 'busy', 'records', 'devices'"),
        (["--scale-cases", "busy,busy"], "value 'busy' appears more than once in '--scale-cases'"),
        (["--write-scenarios", "/tmp/x", "--json", "/tmp/x.json"],
         "invalid value for '--json': give either '--json' or '--write-scenarios', which measures nothing, not both"),
        (["--repeat", "3", "--write-scenarios", "/tmp/x"],
         "invalid value for '--repeat': give either '--repeat' or '--write-scenarios', which measures nothing, not both"),
    ])
    func badOptionsExitWith64AndSayWhy(options: [String], message: String) {
        let outcome = runCLI(["bench"] + options)
        #expect(outcome.code == 64)
        #expect(outcome.out.isEmpty)
        #expect(outcome.err.hasPrefix("Error: \(message)\nUsage: syncsim bench [--events <n>] [--devices <n>] [--repeat <n>] [--seeds <n>] [--actions <n>] [--scale-up-to <n>] [--scale-cases <cases>] [--json <file>] [--write-scenarios <folder>]\n"))
    }

    @Test func leftOutOptionsTakeTheStandardSizes() throws {
        let parsed = try ArgumentParser.parse([], for: BenchCommand.spec)
        #expect(try BenchSettings(parsed) == BenchSettings.standard)
        #expect(try BenchSettings(parsed).scaleCases == [.busy(events: 10_000), .busy(events: 100_000), .busy(events: 1_000_000)])
        let given = try ArgumentParser.parse(["--events=7", "--devices", "8", "--repeat", "9", "--seeds", "10", "--actions", "11",
                                              "--scale-up-to", "100000", "--scale-cases", "devices,busy,records"],
                                             for: BenchCommand.spec)
        #expect(try BenchSettings(given) == BenchSettings(events: 7, devices: 8, repeats: 9, seeds: 10, actions: 11, scaleUpTo: 100_000,
                                                          scaleKinds: [.devices, .busy, .records]))
        #expect(try BenchSettings(given).scaleSteps == [10_000, 100_000])
        #expect(try BenchSettings(given).scaleCases == [.busy(events: 10_000), .busy(events: 100_000), .records, .devices],
                "table order, whatever the order given")
    }

    @Test func helpHasTheCommonLayout() {
        let outcome = runCLI(["bench", "--help"])
        #expect(outcome.code == 0)
        #expect(outcome.out.hasPrefix("OVERVIEW: Measure the engine's cost per event against a bare binary heap.\n"))
        #expect(outcome.out.contains("\n\nUSAGE: syncsim bench [--events <n>] [--devices <n>] [--repeat <n>] [--seeds <n>] [--actions <n>] [--scale-up-to <n>] [--scale-cases <cases>] [--json <file>] [--write-scenarios <folder>]\n\nOPTIONS:\n"))
        #expect(outcome.out.contains("  --devices <n>           Devices in the generated load scenario, 1 to 10000. (default: \(BenchSettings.standard.devices))\n"))
        #expect(runCLI(["help", "bench"]).out == outcome.out)
    }

    @Test func printsARowPerMeasurementUnderTheColumns() throws {
        let outcome = runCLI(BenchCommandTests.small, simulate: { Simulation(scenario: $0).run() })
        #expect(outcome.code == 0)
        let lines = outcome.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 13)
        #expect(lines.first == "best of 1; 200 hold-model events; 5 devices; 50 realistic actions; 3 fuzz seeds; "
            + "scale cases: busy up to 10000 events")
        let table = lines.dropFirst().map { $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        #expect(table.first == BenchTable.headers)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(table.dropFirst().map { $0.first } == ["bare heap, realistic run", "engine queue, realistic run",
                                                       "bare heap, load run", "engine queue, load run",
                                                       "engine queue, hold 200", "whole simulation", "realistic simulation",
                                                       "loading the realistic file",
                                                       "fuzz seeds, 1 core", "fuzz seeds, \(cores) cores",
                                                       "busy run, 10000 events"])
        #expect(table[1][1] == table[2][1] && table[3][1] == table[4][1], "each run's replays push the same events")
        #expect(table[3][5] == "1.00", "the load run's bare heap is the baseline of its engine queue")
        #expect(table[5][1] == "200", "the hold model pops '--events' events")
        #expect(Int(table[8][1])! > 0, "the loading row counts the realistic file's steps")
        #expect(table[9][1] == "3" && table[10][1] == "3")
        #expect(table[11][1] == "10001", "the busy run stops at its budget of 10,000 events")
        for row in table.dropFirst() {
            #expect(row.count == BenchTable.headers.count)
            #expect(row.dropFirst().dropLast(2).allSatisfy { Double($0) != nil }, "\(row)")
            #expect(row.suffix(2) == ["-", "-"], "no reports written; without an executable every row shares this process")
        }
        #expect(table[1][5] == "1.00")
    }

    @Test func aDebugBuildSaysToMeasureARelease() {
        let outcome = runCLI(BenchCommandTests.small, simulate: { Simulation(scenario: $0).run() })
        #if DEBUG
        #expect(outcome.err == "warning: this is a debug build; measure with 'swift run -c release syncsim bench'\n")
        #else
        #expect(outcome.err.isEmpty)
        #endif
    }

    @Test func aFailedLoadScenarioExitsOneAndSaysWhy() {
        let outcome = runCLI(BenchCommandTests.small)
        #expect(outcome.code == 1)
        #expect(outcome.out.isEmpty)
        #expect(outcome.err.hasSuffix("Error: the load scenario failed: budget exhausted\n"))
    }

    @Test func theLoadScenarioIsValidAndConverges() throws {
        let scenario = Scenario.reconnectLoad(devices: 20)
        #expect(scenario.devices.map(\.id).first == "d0000")
        #expect(Set(scenario.devices.map(\.id)).count == 20)
        let report = Simulation(scenario: scenario).run()
        #expect(report.passed, "\(report.failureReason)")
        let song = try #require(report.server.first { $0.id == "song1" })
        #expect(song.fields?["playCount"] == .number(20))
        #expect(report.counters.errors["requestRateLimited", default: 0] > 0)
    }

    @Test func atAThousandDevicesTheLoadScenarioIsTheBundledOne() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios/load/reconnect-1000-devices.json").path
        var bundled = try ScenarioLoader.load(path: path).get()
        let generated = Scenario.reconnectLoad(devices: 1_000)
        bundled.name = generated.name
        bundled.description = generated.description
        #expect(bundled == generated)
    }

    @Test func theBareHeapPopsInTimeThenSequenceOrder() {
        var heap = BareHeap()
        let pushed = [(5, 0), (1, 1), (5, 2), (3, 3), (1, 4), (0, 5), (3, 6), (5, 7)]
            .map { BareHeap.Pair(time: Int64($0.0), sequence: UInt64($0.1)) }
        for pair in pushed.reversed() { heap.push(pair) }
        var popped: [BareHeap.Pair] = []
        while let pair = heap.pop() { popped.append(pair) }
        #expect(popped.map { [$0.time, Int64($0.sequence)] } == pushed.sorted(by: <).map { [$0.time, Int64($0.sequence)] })
        #expect(popped.map(\.sequence) == [5, 1, 4, 3, 6, 0, 2, 7])
    }

    @Test func theEngineQueueReplaysARecordedRunInTheBareHeapsOrder() {
        let scenario = ScenarioGenerator.scenario(seed: 3, settings: FuzzSettings())
        let recording = Simulation(scenario: scenario).recordQueue()
        var replay = QueueRecording.Replay(recording)
        #expect(replay.run() == BareHeap.replay(recording.steps))
        let report = Simulation(scenario: scenario).run()
        let pops = recording.steps.filter { $0 == .pop }.count
        #expect(pops == report.counters.events - scenario.timeline.count, "every event but the steps came from the queue")
        let sequences = recording.steps.compactMap { step -> UInt64? in
            guard case let .push(_, sequence) = step else { return nil }
            return sequence
        }
        #expect(sequences.count == recording.pushes)
        #expect(zip(sequences, sequences.dropFirst()).contains { $0 > $1 },
                "a timeout queued late takes the place it was given when its request was sent")
        let other = Simulation(scenario: ScenarioGenerator.scenario(seed: 4, settings: FuzzSettings())).recordQueue()
        #expect(BareHeap.replay(other.steps) != BareHeap.replay(recording.steps))
    }

    @Test func jsonHoldsTheRowsTheCoresAndTheBuild() throws {
        try withTemporaryFolder { folder in
            let file = folder + "/bench.json"
            let outcome = runCLI(BenchCommandTests.small + ["--json", file], simulate: { Simulation(scenario: $0).run() })
            #expect(outcome.code == 0)
            #expect(outcome.out.hasSuffix("Wrote \(file)\n"))
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
            #expect(json?["cores"] as? Int == ProcessInfo.processInfo.activeProcessorCount)
            #expect(["debug", "release"].contains(json?["configuration"] as? String ?? ""))
            let rows = json?["rows"] as? [[String: Any]]
            #expect(rows?.count == 11)
            #expect(rows?.last?["measured"] as? String == "busy run, 10000 events")
            #expect(rows?.last?["count"] as? Int == 10_001)
            #expect(rows?.last?["peakMegabytes"] is NSNull, "no executable: the busy run shared this process")
            #expect(rows?.last?["reportsMilliseconds"] is NSNull)
            #expect((json?["settings"] as? [String: Any])?["scaleCases"] as? [String] == ["busy"])
        }
    }

    @Test func writesTheScenariosItWouldRunAsFilesThatRunTheSame() throws {
        try withTemporaryFolder { folder in
            let outcome = runCLI(["bench", "--write-scenarios", folder, "--actions", "100", "--devices", "20",
                                  "--scale-up-to", "10000", "--scale-cases", "devices,busy"])
            #expect(outcome.code == 0)
            #expect(outcome.err.isEmpty)
            let names = ["realistic-100-actions", "reconnect-20-devices", "busy-10000-events", "devices-10000"]
            #expect(outcome.out == "Wrote 4 scenario files:\n" + names.map { "  \(folder)/\($0).json\n" }.joined()
                + "Time one as a whole process, reports included, with e.g.\n"
                + "  /usr/bin/time -v syncsim run \(folder)/devices-10000.json --format md,json\n")
            let settings = BenchSettings(events: 1, devices: 20, repeats: 1, seeds: 1, actions: 100, scaleUpTo: 10_000,
                                         scaleKinds: [.busy, .devices])
            let expected = BenchScenarios(settings).all
            #expect(expected.map(\.name) == names)
            let loaded = try names.map { try ScenarioLoader.load(path: "\(folder)/\($0).json").get() }
            #expect(loaded == expected, "each file reads back to the scenario the bench runs")
            let load = Simulation(scenario: loaded[1]).run()
            #expect(load.passed)
            let busy = Simulation(scenario: loaded[2]).run()
            #expect(busy.result == .budgetExhausted && busy.counters.events == 10_001, "stopped by its event budget")
        }
    }

    @Test func aScenarioThatCannotBeWrittenExits73AndSaysWhere() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["taken": "a file where the folder would go"], under: folder)
            let outcome = runCLI(["bench", "--write-scenarios", folder + "/taken", "--scale-cases", "busy", "--scale-up-to", "10000"])
            #expect(outcome.code == 73)
            #expect(outcome.out.isEmpty)
            #expect(outcome.err.hasPrefix("Error: "))
            #expect(outcome.err.contains(folder + "/taken"))
        }
    }
}
