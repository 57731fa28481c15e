import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `syncsim fuzz` runs generated seeds, writes each failure as a scenario file with its shrunk form, sums the campaign
/// up in `fuzz.json`, and exits 1 when a seed failed.
@Suite struct FuzzCommandTests {
    @Test func passingSeedsExitZeroAndWriteOnlyTheSummary() throws {
        try withTemporaryFolder { folder in
            let out = folder + "/fuzz"
            let outcome = FuzzTestSupport.fuzz(["--seeds", "5"], out: out)
            #expect(outcome.code == 0)
            #expect(outcome.err == "")
            let lines = outcome.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 2)
            #expect(lines.first?.hasPrefix("5 seeds: 5 passed, 0 failed in ") == true)
            #expect(lines.last == "Wrote \(out)/fuzz.json and \(out)/index.html")
            #expect(try FuzzTestSupport.listing(out) == ["fuzz.json", "index.html"])
            let summary = try FuzzTestSupport.summary(out)
            #expect(summary["passed"] as? Int == 5)
            #expect(summary["failed"] as? Int == 0)
            #expect(FuzzTestSupport.failedSeeds(summary) == [])
            let settings = try #require(summary["settings"] as? [String: Any])
            #expect(settings["devices"] as? Int == 2)
            #expect(settings["actions"] as? Int == 10)
            #expect(settings["strategy"] as? String == "lww")
            #expect(settings["strategyOptions"] as? [String] == [])
            #expect(settings["client"] as? [String] == [])
            #expect(settings["checkDeterminism"] as? Bool == false)
            #expect(settings["shard"] == nil)
        }
    }

    /// Seed files an earlier campaign left in the folder are counted, since fuzz.json does not list them.
    @Test func seedFilesOfAnEarlierCampaignAreNoted() throws {
        try withTemporaryFolder { folder in
            let out = folder + "/fuzz"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            for name in ["seed-99.json", "seed-99-min.json", "notes.json"] {
                try "{}".write(toFile: out + "/" + name, atomically: false, encoding: .utf8)
            }
            let outcome = FuzzTestSupport.fuzz(["--seeds", "2"], out: out)
            #expect(outcome.code == 0)
            #expect(outcome.out.hasSuffix("Wrote \(out)/fuzz.json and \(out)/index.html\n\(out) also holds 2 seed files this "
                + "campaign did not write, from earlier campaigns; fuzz.json lists this one's.\n"))
        }
    }

    @Test func aHardDeleteClientFailsAndWritesEachFailureWithItsShrunkForm() throws {
        try withTemporaryFolder { folder in
            let out = folder + "/fuzz"
            let outcome = FuzzTestSupport.fuzz(["--seeds", "10", "--client", "deletes=hard"], out: out)
            #expect(outcome.code == 1)
            let lines = outcome.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 10)
            #expect(lines.first == #"FAIL  seed 3  no-convergence on "r2"  21 → 2 steps  \#(out)/seed-3-min.json"#)
            #expect(lines.dropFirst().first == #"      d1 does not show "r2", which is live on the server."#)
            #expect(lines.dropFirst(2).first == #"FAIL  seed 6  zombie on "r7"  21 → 3 steps  \#(out)/seed-6-min.json"#)
            #expect(lines.dropFirst(3).first == #"      "r7" was deleted on d2 at 9m33s611ms and came back to life on d2 at 12m4s799ms with no user change after the delete."#)
            #expect(lines.dropFirst(8).first?.hasPrefix("10 seeds: 6 passed, 4 failed (zombie 3, no-convergence 1) in ") == true)
            #expect(lines.last == "Wrote \(out)/fuzz.json and \(out)/index.html")
            #expect(try FuzzTestSupport.listing(out)
                == ["fuzz.json", "index.html", "seed-10-min.json", "seed-10.json", "seed-3-min.json", "seed-3.json", "seed-6-min.json",
                    "seed-6.json", "seed-9-min.json", "seed-9.json"])

            let summary = try FuzzTestSupport.summary(out)
            #expect(summary["passed"] as? Int == 6)
            #expect(summary["failed"] as? Int == 4)
            #expect((summary["settings"] as? [String: Any])?["client"] as? [String] == ["deletes=hard"])
            let failures = try #require(summary["failures"] as? [[String: Any]])
            #expect(failures.map { $0["seed"] as? Int } == [3, 6, 9, 10])
            #expect(failures.map { $0["class"] as? String } == ["no-convergence", "zombie", "zombie", "zombie"])
            #expect(failures.map { $0["record"] as? String } == ["r2", "r7", "r7", "r4"])
            #expect(failures.map { $0["file"] as? String } == ["seed-3.json", "seed-6.json", "seed-9.json", "seed-10.json"])
            #expect(failures.map { $0["minimalFile"] as? String }
                == ["seed-3-min.json", "seed-6-min.json", "seed-9-min.json", "seed-10-min.json"])
            #expect(failures.map { $0["steps"] as? Int } == [21, 21, 22, 22])
            #expect(failures.map { $0["minimalSteps"] as? Int } == [2, 3, 3, 3])
            let classes = try #require(summary["classes"] as? [[String: Any]])
            #expect(classes.map { $0["class"] as? String } == FuzzFailure.Kind.allCases.map(\.rawValue))
            #expect(classes.map { $0["failed"] as? Int } == [0, 0, 3, 0, 0, 0, 1])
        }
    }

    /// The written files load, say why they fail, and fail `syncsim run`: the shrunk one with its three steps.
    @Test func theFailureFilesLoadAndFailARun() throws {
        try withTemporaryFolder { folder in
            let out = folder + "/fuzz"
            #expect(FuzzTestSupport.fuzz(["--seeds", "6", "--client", "deletes=hard"], out: out).code == 1)
            let original = try ScenarioLoader.load(path: out + "/seed-6.json").get()
            let minimal = try ScenarioLoader.load(path: out + "/seed-6-min.json").get()
            #expect(original.name == "seed-6" && minimal.name == "seed-6-min")
            #expect(original.timeline.count == 21 && minimal.timeline.count == 3)
            #expect(original.description.hasPrefix(#"fails with zombie on "r7": "#))
            #expect(original.description.contains("Generated by syncsim fuzz from seed 6: 2 devices, 10 user actions, lww"))
            #expect(minimal.description.hasPrefix(#"Shrunk from seed-6.json (21 to 3 steps); fails with zombie on "r7": "#))
            // Each file's sentence is its own run's, with its own times: shrinking moves steps earlier.
            for (scenario, file) in [(original, "seed-6.json"), (minimal, "seed-6-min.json")] {
                let sentence = try #require(Invariants.failures(in: Simulation(scenario: scenario).run()).first).sentence
                #expect(scenario.description.contains(sentence), "\(file)")
            }
            #expect(minimal.devices.allSatisfy { $0.client.deletes == .hard })
            let run = runRealCLI(["run", out + "/seed-6-min.json", "--out", folder + "/reports"])
            #expect(run.code == 1)
            #expect(run.out == "FAIL  seed-6-min  seed=6  zombies: expected 0, found 1  rerun: swift run syncsim run \(out)/seed-6-min.json "
                + "--seed 6\n1 scenario: 0 passed, 1 failed, 0 invalid\n")
            #expect(runRealCLI(["run", out + "/seed-6.json", "--out", folder + "/reports"]).code == 1)
        }
    }

    /// `--strategy-option` sets the user's decision and its delay in every generated scenario: the files written for
    /// failing seeds carry them, so running a file decides as the campaign did.
    @Test func strategyOptionsReachTheGeneratedScenarios() throws {
        try withTemporaryFolder { folder in
            let out = folder + "/fuzz"
            let outcome = FuzzTestSupport.fuzz(["--seeds", "6", "--client", "deletes=hard", "--strategy", "user-choice",
                                                "--strategy-option", "choice=keep-server",
                                                "--strategy-option", "decideAfter=30m"], out: out)
            #expect(outcome.code == 1)
            let settings = try #require(try FuzzTestSupport.summary(out)["settings"] as? [String: Any])
            #expect(settings["strategy"] as? String == "user-choice")
            #expect(settings["strategyOptions"] as? [String] == ["choice=keep-server", "decideAfter=30m"])
            let index = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
            #expect(index.contains("strategy user-choice (choice=keep-server decideAfter=30m)"))
            let seeds = FuzzTestSupport.failedSeeds(try FuzzTestSupport.summary(out))
            let seed = try #require(seeds.first)
            for file in ["seed-\(seed).json", "seed-\(seed)-min.json"] {
                let scenario = try ScenarioLoader.load(path: out + "/" + file).get()
                #expect(scenario.strategy == .userChoice(choice: .keepServer, decideAfter: .minutes(30)))
            }
            let text = try String(contentsOfFile: out + "/seed-\(seed).json", encoding: .utf8)
            #expect(text.contains(#""strategy": {\#n    "name": "user-choice",\#n    "choice": "keep-server",\#n    "decideAfter": "30m"\#n  }"#))
        }
    }

    /// Without options a strategy keeps its defaults; options merge over them one key at a time.
    @Test func strategyOptionsMergeOverTheDefaults() throws {
        let plan = { (arguments: [String]) throws -> StrategySpec in
            try FuzzTestSupport.plan(["--strategy", "user-choice"] + arguments).settings.strategy
        }
        #expect(try plan([]) == .userChoice(choice: .keepLocal, decideAfter: .minutes(10)))
        #expect(try plan(["--strategy-option", "decideAfter=30m"]) == .userChoice(choice: .keepLocal, decideAfter: .minutes(30)))
        #expect(try plan(["--strategy-option", "choice=keep-both"]) == .userChoice(choice: .keepBoth, decideAfter: .minutes(10)))
    }

    @Test func quietPrintsOnlyTheSummary() throws {
        try withTemporaryFolder { folder in
            let outcome = FuzzTestSupport.fuzz(["--seeds", "5", "--client", "deletes=hard", "-q"], out: folder)
            #expect(outcome.code == 1)
            #expect(outcome.out.hasPrefix("5 seeds: 4 passed, 1 failed (no-convergence 1) in "))
            #expect(outcome.out.hasSuffix(" seeds/s\nWrote \(folder)/fuzz.json and \(folder)/index.html\n"))
        }
    }

    /// Two threads write the same files as one: results are gathered in seed order.
    @Test func theResultsAreTheSameForOneJobAndTwo() throws {
        try withTemporaryFolder { folder in
            let arguments = ["--from", "3", "--to", "14", "--client", "deletes=hard"]
            #expect(FuzzTestSupport.fuzz(arguments + ["--jobs", "1"], out: folder + "/one").code == 1)
            #expect(FuzzTestSupport.fuzz(arguments + ["--jobs", "2"], out: folder + "/two").code == 1)
            let files = try FuzzTestSupport.listing(folder + "/one")
            #expect(files == ["fuzz.json", "index.html", "seed-10-min.json", "seed-10.json", "seed-11-min.json", "seed-11.json",
                              "seed-13-min.json", "seed-13.json", "seed-3-min.json", "seed-3.json", "seed-6-min.json",
                              "seed-6.json", "seed-9-min.json", "seed-9.json"])
            #expect(try FuzzTestSupport.listing(folder + "/two") == files)
            let index = try String(contentsOfFile: folder + "/one/index.html", encoding: .utf8)
            #expect(index.contains("<h1>12 seeds: 6 passed, 6 failed</h1>"))
            #expect(index.contains("<tr class=\"broken\"><td>3</td>") && index.contains("<a href=\"seed-3-min.json\">"))
            for file in files where file.hasPrefix("seed-") {
                #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/one/" + file))
                    == Data(contentsOf: URL(fileURLWithPath: folder + "/two/" + file)))
            }
            let one = try String(contentsOfFile: folder + "/one/fuzz.json", encoding: .utf8)
            let two = try String(contentsOfFile: folder + "/two/fuzz.json", encoding: .utf8)
            #expect(one == two)
            let seeds = try #require(try FuzzTestSupport.summary(folder + "/one")["seeds"] as? [String: Any])
            #expect(seeds["first"] as? Int == 3 && seeds["last"] as? Int == 14 && seeds["planned"] as? Int == 12)
        }
    }

    @Test func aTimeLimitStopsStartingSeeds() throws {
        try withTemporaryFolder { folder in
            let outcome = FuzzTestSupport.fuzz(["--seeds", "5", "--time-limit", "1us"], out: folder)
            #expect(outcome.code == 0)
            #expect(outcome.out.contains("\nStopped by --time-limit: 5 of 5 seeds not run.\n"))
            let seeds = try #require(try FuzzTestSupport.summary(folder)["seeds"] as? [String: Any])
            #expect(seeds["planned"] as? Int == 5)
            #expect(seeds["run"] as? Int == 0)
            #expect(seeds["stoppedByTimeLimit"] as? Bool == true)
        }
    }

    @Test(arguments: [
        (["--client", "delets=hard"], #"invalid value for '--client': delets: unknown key "delets"; did you mean "deletes"?"#),
        (["--client", "deletes=soft"], #"invalid value for '--client': deletes: expected one of "tombstone", "hard", found "soft""#),
        (["--client", "deletes"], #"invalid value for '--client': expected KEY=VALUE, found "deletes""#),
        (["--client", "retry.bse=2s"], #"invalid value for '--client': retry.bse: unknown key "bse"; did you mean "base"?"#),
        (["--from", "5", "--to", "3"], "invalid value for '--to': expected a seed from 5 to 100000004, found 3"),
        (["--seeds", "3", "--from", "1", "--to", "2"],
         "invalid value for '--seeds': give either '--seeds' or '--from' and '--to', not both"),
        (["--from", "4"], "invalid value for '--from': '--from' and '--to' go together"),
        (["--time-limit", "soon"], "invalid value for '--time-limit': expected a duration such as 90s or 10m, found 'soon'"),
        (["--time-limit", "0s"], "invalid value for '--time-limit': expected a duration such as 90s or 10m, found '0s'"),
        (["--devices", "21"], "invalid value '21' for '--devices'; expected 1 to 20"),
        (["--strategy", "user-choice", "--strategy-option", "choice=keep-mine"],
         #"invalid value for '--strategy-option': choice: expected one of "keep-local", "keep-server", "keep-both", found "keep-mine""#),
        (["--strategy", "user-choice", "--strategy-option", "decideAfter=soon"],
         #"invalid value for '--strategy-option': decideAfter: expected a duration such as "250ms" or "1.5h", found "soon""#),
        (["--strategy", "user-choice", "--strategy-option", "decidAfter=30m"],
         #"invalid value for '--strategy-option': decidAfter: unknown key "decidAfter" for user-choice; did you mean "decideAfter"?"#),
        (["--strategy-option", "choice=keep-server"],
         #"invalid value for '--strategy-option': choice: unknown key "choice" for lww; known keys are "clock""#),
        (["--strategy", "server-wins", "--strategy-option", "clock=server"],
         "invalid value for '--strategy-option': clock: server-wins takes no options"),
        (["--strategy", "user-choice", "--strategy-option", "keep-server"],
         #"invalid value for '--strategy-option': expected KEY=VALUE, found "keep-server""#),
        (["--strategy", "field-merge", "--strategy-option", "fields.rating=biggest"],
         #"invalid value for '--strategy-option': fields.rating: expected one of "lww", "max", "min", "longest", "union", "sum", "server", "client", found "biggest""#),
        (["--strategy", "newest"], "invalid value 'newest' for '--strategy'; expected one of 'lww', 'server-wins', 'client-wins', 'field-merge', 'user-choice'"),
    ])
    func badOptionsExit64AndSayWhy(arguments: [String], message: String) throws {
        try withTemporaryFolder { folder in
            let outcome = FuzzTestSupport.fuzz(arguments, out: folder + "/fuzz")
            #expect(outcome.code == 64)
            #expect(outcome.out == "")
            #expect(outcome.err.hasPrefix("Error: \(message)\nUsage: syncsim fuzz "))
            #expect(!FileManager.default.fileExists(atPath: folder + "/fuzz"))
        }
    }

    @Test func helpListsEveryFailureClassWithItsMeaning() {
        let help = runCLI(["fuzz", "--help"])
        #expect(help.code == 0)
        for kind in FuzzFailure.Kind.allCases {
            #expect(help.out.contains("\n  \(kind.rawValue.padded(to: 16))\(kind.meaning)\n"))
        }
        #expect(help.out.contains("  no-convergence  the devices did not all show the server's state, quiet, within 'within'\n"))
        #expect(!help.out.contains("--worker"))
    }

    /// In-process, the second run of each seed is in this process: a deterministic simulation passes the check.
    @Test func checkingDeterminismInProcessPasses() throws {
        try withTemporaryFolder { folder in
            let outcome = FuzzTestSupport.fuzz(["--seeds", "3", "--check-determinism"], out: folder)
            #expect(outcome.code == 0)
            #expect(outcome.out.hasPrefix("3 seeds: 3 passed, 0 failed in "))
            let settings = try #require(try FuzzTestSupport.summary(folder)["settings"] as? [String: Any])
            #expect(settings["checkDeterminism"] as? Bool == true)
        }
    }
}
