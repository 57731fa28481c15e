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
                PASS  pass  seed=1  quiet at 1m330ms
                FAIL  fail  seed=1  zombies: expected 1, found 0
                3 scenarios: 1 passed, 1 failed, 1 invalid

                """)
            #expect(outcome.err == "\(folder)/suite/c/bad.json: devices[0].clok: unknown key \"clok\"; did you mean \"clock\"?\n")
            let written = try FileManager.default.subpathsOfDirectory(atPath: folder + "/out").sorted()
            #expect(written == ["a", "a/pass.html", "a/pass.json", "a/pass.md", "b", "b/fail.html", "b/fail.json", "b/fail.md",
                                "index.html"])
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
