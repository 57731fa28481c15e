import Foundation
import Testing
import SyncSimulator
@testable import SyncSimCLI

/// The CLI with the real loader and simulation, as a user runs it on a folder of scenario files.
@Suite struct EndToEndTests {
    @Test func aSuiteWithAnInvalidFileRunsTheOthersAndExits65() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a/pass.json": ScenarioTexts.passing, "suite/b/fail.json": ScenarioTexts.failing,
                            "suite/c/bad.json": ScenarioTexts.invalid], under: folder)
            let outcome = runRealCLI(["run", folder + "/suite", "--out", folder + "/out"])
            #expect(outcome.code == 65)
            #expect(outcome.out == """
                PASS  pass  seed=1  converged at 1m330ms
                FAIL  fail  seed=1  zombies: expected 1, found 0  rerun: swift run syncsim run \(folder)/suite/b/fail.json --seed 1
                3 scenarios: 1 passed, 1 failed, 1 invalid

                """)
            #expect(outcome.err == "\(folder)/suite/c/bad.json: devices[0].clok: unknown key \"clok\"; did you mean \"clock\"?\n")
            let written = try FileManager.default.subpathsOfDirectory(atPath: folder + "/out").sorted()
            #expect(written == ["a", "a/pass.html", "a/pass.json", "a/pass.md", "b", "b/fail.html", "b/fail.json", "b/fail.md",
                                "index.html"])
        }
    }

    @Test func twoFilesOfOneFolderWithTheSameNameDoNotShareAReport() throws {
        try withTemporaryFolder { folder in
            let named = { (text: String) in text.replacingOccurrences(of: "{", with: #"{"name": "same", "#, options: [], range: text.range(of: "{")) }
            try writeFiles(["s/a.json": named(ScenarioTexts.passing), "s/b.json": named(ScenarioTexts.failing)], under: folder)
            let outcome = runRealCLI(["run", folder + "/s", "--out", folder + "/out"])
            #expect(outcome.code == 65)
            #expect(outcome.err == #"\#(folder)/s/b.json: name: "same" is also the name of \#(folder)/s/a.json, whose report "#
                + #"'same.md' this file's would overwrite; give one of them another "name""# + "\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["index.html", "same.html", "same.json", "same.md"])
        }
    }

    /// A run that went quiet with a device apart from the server did not converge, and says why, even when it passes.
    @Test func aQuietButDivergedRunDidNotConverge() throws {
        try withTemporaryFolder { folder in
            let file = FuzzTestSupport.bundled("server-errors/drop-on-rate-limit-loses-changes.json")
            let outcome = runRealCLI(["run", file, "-o", folder])
            #expect(outcome.code == 0)
            #expect(outcome.out.hasPrefix("PASS  drop-on-rate-limit-loses-changes  seed=1  "
                + "did not converge: quiet at 6m165ms but iPhone differs from the server\n"))
        }
    }

    @Test func aRunOutOfBudgetSaysWhichLimitAndWhen() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["busy.json": #"{"devices": [{"id": "A"}], "limits": {"events": 100}, "#
                + #""timeline": [{"at": "1d", "device": "A", "do": "sync"}]}"#], under: folder)
            let outcome = runRealCLI(["run", folder + "/busy.json", "-o", folder + "/out"])
            #expect(outcome.code == 1)
            #expect(outcome.out.hasPrefix("FAIL  busy  seed=1  budget exhausted at 6h15m165ms: limits.events (100) reached before "
                + "the run went quiet  rerun: swift run syncsim run \(folder)/busy.json --seed 1\n"))
            let markdown = try String(contentsOfFile: folder + "/out/busy.md", encoding: .utf8)
            #expect(markdown.contains("| converged | converged within 1h | budget exhausted at 6h15m165ms: limits.events (100) reached "
                + "before the run went quiet | ✗ |"))
        }
    }

    @Test func aFailedExpectationExits1AndAPassingSuiteExits0() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["pass.json": ScenarioTexts.passing, "fail.json": ScenarioTexts.failing], under: folder)
            #expect(runRealCLI(["run", folder + "/pass.json", "--out", folder + "/out"]).code == 0)
            #expect(runRealCLI(["run", folder + "/pass.json", folder + "/fail.json", "--out", folder + "/out"]).code == 1)
        }
    }

    @Test func twoRunsWriteByteIdenticalReports() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["s/pass.json": ScenarioTexts.passing, "s/fail.json": ScenarioTexts.failing], under: folder)
            _ = runRealCLI(["run", folder + "/s", "--out", folder + "/first"])
            _ = runRealCLI(["run", folder + "/s", "--out", folder + "/second"])
            for name in ["pass.md", "pass.json", "fail.md", "fail.json"] {
                let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/first/\(name)"))
                let second = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/second/\(name)"))
                #expect(first == second, "\(name)")
                #expect(!first.isEmpty)
            }
        }
    }

    @Test func theReportNamesTheOneCommandThatReproducesIt() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["s/pass.json": ScenarioTexts.passing], under: folder)
            #expect(runRealCLI(["run", folder + "/s", "--out", folder + "/out", "--seed", "7"]).code == 0)
            let markdown = try String(contentsOfFile: folder + "/out/pass.md", encoding: .utf8)
            #expect(markdown.contains("swift run syncsim run \(folder)/s/pass.json --seed 7\n"))
            #expect(markdown.contains("- Seed: 7\n"))
        }
    }

    @Test func validateReportsEachFileAndExits65ForAnInvalidOne() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["pass.json": ScenarioTexts.passing, "bad.json": ScenarioTexts.invalid], under: folder)
            let outcome = runRealCLI(["validate", folder])
            #expect(outcome.code == 65)
            #expect(outcome.out.contains("OK  \(folder)/pass.json"))
            #expect(outcome.err.contains("bad.json: devices[0].clok: unknown key \"clok\"; did you mean \"clock\"?"))
        }
    }
}
