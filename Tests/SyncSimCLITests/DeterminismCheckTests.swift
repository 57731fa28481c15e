import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `run --check-determinism` runs a scenario again in another process (a worker answering `--worker-hash` and
/// `--worker-trace`) and fails it, naming the first differing event, when the traces differ.
@Suite struct DeterminismCheckTests {
    @Test func theDifferenceNamesTheFirstDifferingEvent() {
        #expect(DeterminismCheck.difference(["a", "b", "c"], ["a", "x", "y"])
            == "The traces differ first at event 2: b in one run, x in the other.")
        #expect(DeterminismCheck.difference(["a", "b"], ["a"])
            == "One run traced 2 events and the other 1; they agree up to event 1.")
        #expect(DeterminismCheck.difference([], ["a"]) == "One run traced 0 events and the other 1; they agree up to event 0.")
        #expect(DeterminismCheck.difference(["a"], ["a"]) == "The trace hashes differ, but two more runs traced alike.")
    }

    /// The reorder scenario as `folder/reorder.json`, and the hash and lines of its trace under `seed`.
    private static func reorder(in folder: String, seed: UInt64 = 1) throws -> (file: String, trace: Trace) {
        try writeFiles(["reorder.json": ScenarioTexts.reorder], under: folder)
        var scenario = try ScenarioLoader.load(path: folder + "/reorder.json").get()
        scenario.seed = seed
        let trace = Trace(.lines)
        _ = Simulation(scenario: scenario).run(trace: trace)
        return (folder + "/reorder.json", trace)
    }

    /// Runs the CLI with the real loader and simulation and `executable` as this program's own.
    private static func run(_ arguments: [String], executable: String?) -> CLIOutcome {
        runCaptured(arguments) { Environment(console: $0, executable: executable) }
    }

    /// The worker side: `--worker-hash` prints the hash alone, `--worker-trace` every line, and no report is written.
    @Test func theWorkerOptionsPrintTheTraceAndWriteNothing() throws {
        try withTemporaryFolder { folder in
            let (file, trace) = try Self.reorder(in: folder, seed: 4)
            let hash = runRealCLI(["run", file, "--seed", "4", "--worker-hash", "--out", folder + "/out"])
            #expect(hash.code == 0)
            #expect(hash.out == trace.hashText + "\n")
            let lines = runRealCLI(["run", file, "--seed", "4", "--worker-trace", "--out", folder + "/out"])
            #expect(lines.out == trace.lines.joined(separator: "\n") + "\n")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
    }

    @Test func bundledScenariosPassInProcess() throws {
        try withTemporaryFolder { folder in
            let files = ["zombies/hard-delete-resurrects.json", "conflicts/two-devices-edit-offline.json"]
            let outcome = Self.run(["run"] + files.map(FuzzTestSupport.bundled) + ["--check-determinism", "--quiet",
                                                                                   "--out", folder], executable: nil)
            #expect(outcome.code == 0)
            #expect(outcome.out == "2 scenarios: 2 passed, 0 failed, 0 invalid\n")
            let report = try FuzzTestSupport.object(at: folder + "/hard-delete-resurrects.json")
            let keys = (report["expectations"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
            #expect(!keys.isEmpty && !keys.contains("determinism"))
        }
    }

    /// A worker that prints the same hash passes, and it was asked with the run's seed and strategy.
    @Test func aWorkerWithTheSameHashPasses() throws {
        try withTemporaryFolder { folder in
            let (file, _) = try Self.reorder(in: folder)
            var scenario = try ScenarioLoader.load(path: file).get()
            scenario.seed = 7
            scenario.strategy = .serverWins
            let serverWins = Trace(.hash)
            _ = Simulation(scenario: scenario).run(trace: serverWins)
            let worker = try FuzzTestSupport.script("""
                echo "$@" >> '\(folder)/arguments'
                echo \(serverWins.hashText)
                """, in: folder)
            let outcome = Self.run(["run", file, "--seed", "7", "--strategy", "server-wins", "--check-determinism",
                                    "--out", folder + "/out"], executable: worker)
            #expect(outcome.code == 0)
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8)
                == "run \(file) --seed 7 --worker-hash --strategy server-wins\n")
        }
    }

    /// A worker whose hash differs and whose two traces differ at the second event fails the run with exit 1.
    @Test func aWorkerThatTracesDifferentlyFailsTheRun() throws {
        try withTemporaryFolder { folder in
            let (file, _) = try Self.reorder(in: folder)
            let worker = try FuzzTestSupport.script(#"""
                echo "$@" >> '\#(folder)/arguments'
                case " $* " in
                  *" --worker-hash "*) echo 0123456789abcdef ;;
                  *" --worker-trace "*)
                    \#(FuzzTestSupport.differingTrace(in: folder)) ;;
                esac
                """#, in: folder)
            let outcome = Self.run(["run", file, "--check-determinism", "--out", folder + "/out"], executable: worker)
            let sentence = #"The traces differ first at event 2: {"time":"1s","kind":"run 1"} in one run, "#
                + #"{"time":"1s","kind":"run 2"} in the other."#
            #expect(outcome.code == 1)
            #expect(outcome.out == "FAIL  reorder  seed=1  determinism: expected the same trace in two processes, found \(sentence)  "
                + "rerun: swift run syncsim run \(file) --seed 1\n"
                + "1 scenario: 0 passed, 1 failed, 0 invalid\n")
            let report = try FuzzTestSupport.object(at: folder + "/out/reorder.json")
            #expect(report["result"] as? String == "failed")
            let determinism = (report["expectations"] as? [[String: Any]] ?? []).filter { $0["key"] as? String == "determinism" }
            #expect(determinism.count == 1)
            #expect(determinism.first?["actual"] as? String == sentence)
            #expect(determinism.first?["held"] as? Bool == false)
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8) == """
                run \(file) --seed 1 --worker-hash
                run \(file) --seed 1 --worker-trace
                run \(file) --seed 1 --worker-trace

                """)
        }
    }

    @Test func aDifferentHashWithAlikeTracesStillFails() throws {
        try withTemporaryFolder { folder in
            let (file, _) = try Self.reorder(in: folder)
            let worker = try FuzzTestSupport.script(#"""
                case " $* " in
                  *" --worker-hash "*) echo 0123456789abcdef ;;
                  *) echo '{"time":"0s","kind":"step"}' ;;
                esac
                """#, in: folder)
            let outcome = Self.run(["run", file, "--check-determinism", "--out", folder + "/out"], executable: worker)
            #expect(outcome.code == 1)
            #expect(outcome.out.hasPrefix("FAIL  reorder  seed=1  determinism: expected the same trace in two processes, "
                + "found The trace hashes differ, but two more runs traced alike.  rerun: swift run syncsim run \(file) --seed 1\n"))
        }
    }
}
