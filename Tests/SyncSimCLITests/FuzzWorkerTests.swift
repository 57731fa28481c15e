import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// With an executable, `fuzz` runs seeds in worker processes that read chunks of seeds on standard input and print one
/// result line per seed; these tests stand a shell script in for the worker to show how the campaign talks to it, a
/// crash and a determinism difference included.
@Suite struct FuzzWorkerTests {
    /// Runs `fuzz` on seed 1 only with `worker` as this program's executable, writing under `out`.
    private static func fuzz(_ extra: [String], worker: String, out: String) -> CLIOutcome {
        runCaptured(["fuzz", "--seeds", "1"] + FuzzTestSupport.small + extra + ["--out", out]) {
            Environment(console: $0, executable: worker)
        }
    }

    /// The worker's result line for a passing seed 1 of 7 steps, with a trace hash.
    private static func passLine(hash: String) -> String {
        #"printf '1\tpass\t\#(hash)\t7\t-\t-\t-\t-\t-\n'"#
    }

    /// A worker script that reads chunks until its input ends, noting each, and passes every seed of 7 steps.
    private static func passingWorker(in folder: String, crashingOn crash: String = "none") throws -> String {
        try FuzzTestSupport.script(#"""
            echo "$@" >> '\#(folder)/arguments'
            while read chunk; do
              echo "$chunk" >> '\#(folder)/chunks'
              for seed in $(echo "$chunk" | tr ',' ' '); do
                [ "$seed" = '\#(crash)' ] && kill -SEGV $$
                printf '%s\tpass\t-\t7\t-\t-\t-\t-\t-\n' "$seed"
              done
              echo end
            done
            """#, in: folder)
    }

    @Test func aWorkerReportsEachSeedOnOneLine() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("""
                echo "$@" >> '\(folder)/arguments'
                read chunk; echo "$chunk" >> '\(folder)/chunks'
                printf '1\\tzombie\\t-\\t25\\t3\\tr3\\t-\\t-\\tThe record came back.\\n'
                """, in: folder)
            let outcome = Self.fuzz(["--client", "deletes=hard"], worker: worker, out: folder + "/out")
            #expect(outcome.code == 1)
            #expect(outcome.out.hasPrefix(#"FAIL  seed 1  zombie on "r3"  25 → 3 steps  \#(folder)/out/seed-1-min.json"#
                + "\n      The record came back.\n1 seed: 0 passed, 1 failed (zombie 1) in "))
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8) == "fuzz --devices 2 --actions 10 "
                + "--strategy lww --out \(folder)/out --client deletes=hard --worker\n")
            #expect(try String(contentsOfFile: folder + "/chunks", encoding: .utf8) == "1\n")
        }
    }

    /// One worker takes every chunk of a thread's seeds: a process is started once, not per chunk.
    @Test func aWorkerIsKeptForTheNextChunk() throws {
        try withTemporaryFolder { folder in
            let worker = try Self.passingWorker(in: folder)
            let outcome = runCaptured(["fuzz", "--seeds", "3"] + FuzzTestSupport.small + ["--out", folder + "/out"]) {
                Environment(console: $0, executable: worker)
            }
            #expect(outcome.code == 0)
            #expect(outcome.out.hasPrefix("3 seeds: 3 passed, 0 failed in "))
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8).split(separator: "\n").count == 1)
            #expect(try String(contentsOfFile: folder + "/chunks", encoding: .utf8) == "1\n2\n3\n")
        }
    }

    /// A worker that traps is replaced by a new one for the seeds after the one it was running.
    @Test func aWorkerThatCrashedIsStartedAgainForTheOtherSeeds() throws {
        try withTemporaryFolder { folder in
            let worker = try Self.passingWorker(in: folder, crashingOn: "2")
            let outcome = runCaptured(["fuzz", "--seeds", "3"] + FuzzTestSupport.small + ["--out", folder + "/out"]) {
                Environment(console: $0, executable: worker)
            }
            #expect(outcome.code == 1)
            #expect(outcome.out.contains("FAIL  seed 2  crash  "))
            #expect(outcome.out.contains("\n3 seeds: 2 passed, 1 failed (crash 1) in "))
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8).split(separator: "\n").count == 2)
            #expect(try String(contentsOfFile: folder + "/chunks", encoding: .utf8) == "1\n2\n3\n")
        }
    }

    /// A worker generates its seeds under the campaign's strategy options, so it is given them as they were.
    @Test func aWorkerIsGivenTheStrategyOptions() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("""
                echo "$@" >> '\(folder)/arguments'
                \(Self.passLine(hash: "-"))
                """, in: folder)
            let options = ["--strategy", "user-choice", "--strategy-option", "choice=keep-server",
                           "--strategy-option", "decideAfter=30m"]
            #expect(Self.fuzz(options, worker: worker, out: folder + "/out").code == 0)
            #expect(try String(contentsOfFile: folder + "/arguments", encoding: .utf8) == "fuzz --devices 2 --actions 10 "
                + "--strategy user-choice --out \(folder)/out --strategy-option choice=keep-server "
                + "--strategy-option decideAfter=30m --worker\n")
        }
    }

    /// A campaign with a time limit tells the worker with each chunk the milliseconds left, which the worker gives
    /// its shrinking.
    @Test func aWorkerIsToldTheTimeLeft() throws {
        try withTemporaryFolder { folder in
            let outcome = Self.fuzz(["--time-limit", "10m"], worker: try Self.passingWorker(in: folder), out: folder + "/out")
            #expect(outcome.code == 0)
            let chunk = try String(contentsOfFile: folder + "/chunks", encoding: .utf8).split(separator: "\t")
            let left = try #require(chunk.count == 2 ? Int(chunk[1].trimmingCharacters(in: .newlines)) : nil)
            #expect(chunk[0] == "1" && left > 590_000 && left <= 600_000)
        }
    }

    /// A worker that cannot be started is said to be so, not taken for a trap of the simulator.
    @Test func aWorkerThatCannotBeStartedSaysSo() throws {
        try withTemporaryFolder { folder in
            let missing = folder + "/no-such-syncsim"
            let outcome = Self.fuzz([], worker: missing, out: folder + "/out")
            #expect(outcome.code == 1)
            #expect(outcome.out.contains("\n      The worker process for seed 1 could not be started: \(missing).\n"))
        }
    }

    /// The hash-only run disagrees and two trace runs differ at their second event: a determinism failure.
    @Test func aWorkerThatTracesDifferentlyFailsTheSeed() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script(#"""
                echo "$@" >> '\#(folder)/arguments'
                case " $* " in
                  *" --worker-trace "*)
                    \#(FuzzTestSupport.differingTrace(in: folder)) ;;
                  *" --worker-seeds "*) \#(Self.passLine(hash: "bbbbbbbbbbbbbbbb")) ;;
                  *) \#(Self.passLine(hash: "aaaaaaaaaaaaaaaa")) ;;
                esac
                """#, in: folder)
            let outcome = Self.fuzz(["--check-determinism"], worker: worker, out: folder + "/out")
            let sentence = #"The traces differ first at event 2: {"time":"1s","kind":"run 1"} in one run, "#
                + #"{"time":"1s","kind":"run 2"} in the other."#
            #expect(outcome.code == 1)
            #expect(outcome.out.hasPrefix("FAIL  seed 1  determinism  7 steps, not shrunk  \(folder)/out/seed-1.json\n"
                + "      \(sentence)\n1 seed: 0 passed, 1 failed (determinism 1) in "))
            let failures = try FuzzTestSupport.summary(folder + "/out")["failures"] as? [[String: Any]] ?? []
            #expect(failures.map { $0["class"] as? String } == ["determinism"])
            #expect(failures.first?["sentence"] as? String == sentence)
            #expect(failures.first?["file"] as? String == "seed-1.json")
            let written = try ScenarioLoader.load(path: folder + "/out/seed-1.json").get()
            #expect(written.seed == 1 && written.devices.count == 2)
            let calls = try String(contentsOfFile: folder + "/arguments", encoding: .utf8)
            let common = "fuzz --devices 2 --actions 10 --strategy lww --out \(folder)/out"
            let expected: [String] = [common + " --worker --check-determinism", common + " --worker-seeds 1",
                                      common + " --worker-seeds 1 --worker-trace", common + " --worker-seeds 1 --worker-trace"]
            #expect(calls == expected.map { $0 + "\n" }.joined())
        }
    }

    @Test func aWorkerThatHashesAlikePasses() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script(Self.passLine(hash: "aaaaaaaaaaaaaaaa"), in: folder)
            let outcome = Self.fuzz(["--check-determinism"], worker: worker, out: folder + "/out")
            #expect(outcome.code == 0)
            #expect(outcome.out.hasPrefix("1 seed: 1 passed, 0 failed in "))
        }
    }

    /// A worker killed by a signal before it reports is a crash of that seed, written out to run again.
    @Test func aWorkerKilledByASignalIsACrash() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("kill -SEGV $$", in: folder)
            let outcome = Self.fuzz([], worker: worker, out: folder + "/out")
            #expect(outcome.code == 1)
            let steps = ScenarioGenerator.scenario(seed: 1, settings: try FuzzPlan(
                ArgumentParser.parse(["--seeds", "1"] + FuzzTestSupport.small, for: FuzzCommand.spec),
                environment: Environment(console: Console(writeOutput: { _ in }, writeError: { _ in }, errorIsTerminal: false)))
                .settings).timeline.count
            #expect(outcome.out.hasPrefix("FAIL  seed 1  crash  \(steps) steps, not shrunk  \(folder)/out/seed-1.json\n"
                + "      The simulator trapped (signal 11) while running seed 1.\n"))
            let written = try ScenarioLoader.load(path: folder + "/out/seed-1.json").get()
            #expect(written.timeline.count == steps)
            #expect(written.expect.zombies == CountExpectation(atLeast: 0, atMost: nil))
        }
    }

    /// A crash's own last words (a trap's "Fatal error: …" on standard error) are quoted in the seed's sentence.
    @Test func aCrashSaysWhatTheWorkerLastWroteToStandardError() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("echo 'Fatal error: boom' >&2; kill -SEGV $$", in: folder)
            let outcome = Self.fuzz([], worker: worker, out: folder + "/out")
            #expect(outcome.code == 1)
            #expect(outcome.out.contains("\n      The simulator trapped (signal 11) while running seed 1. It said: Fatal error: boom\n"))
        }
    }

    @Test func aWorkerThatExitsBeforeReportingFailsTheSeed() throws {
        try withTemporaryFolder { folder in
            let worker = try FuzzTestSupport.script("exit 3", in: folder)
            let outcome = Self.fuzz([], worker: worker, out: folder + "/out")
            #expect(outcome.code == 1)
            #expect(outcome.out.contains("\n      The worker running seed 1 ended with status 3 before reporting it.\n"))
        }
    }
}
