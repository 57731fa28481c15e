import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `syncsim compare` runs each scenario under each strategy, prints a line each, writes the matrix and exits 0 unless something is wrong with the input or output.
@Suite struct CompareCommandTests {
    private func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func theReorderLosesAnUpdateUnderLWWButNotUnderFieldMerge() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/merge/reorder.json": ScenarioTexts.reorder], under: folder)
            let outcome = runRealCLI(["compare", folder + "/suite", "--strategies", "lww,field-merge", "--out", folder + "/out"])
            #expect(outcome.code == 0)
            #expect(outcome.err.isEmpty)
            #expect(outcome.out == """
                merge/reorder.json  seed=1  lww ✓ 10m495ms · z0 l1 d0 c0 | field-merge ✓ 10m660ms · z0 l0 d0 c0
                Wrote \(folder)/out/compare.md, \(folder)/out/compare.json and \(folder)/out/compare.html

                """)
            let markdown = try text(folder + "/out/compare.md")
            #expect(markdown.hasSuffix("""
                | scenario | lww | field-merge |
                |---|---|---|
                | merge/reorder.json | ✓ 10m495ms · z0 l1 d0 c0 | ✓ 10m660ms · z0 l0 d0 c0 |
                | total | 1/1 · z0 l1 d0 c0 | 1/1 · z0 l0 d0 c0 |

                """))
            let json = try text(folder + "/out/compare.json")
            #expect(json.contains("\"lww\": {\n          \"converged\": true,\n          \"quietAt\": \"10m495ms\",\n          \"zombies\": 0,\n          \"lostUpdates\": 1,"))
            #expect(json.contains("\"field-merge\": {\n          \"converged\": true,\n          \"quietAt\": \"10m660ms\",\n          \"zombies\": 0,\n          \"lostUpdates\": 0,"))
        }
    }

    @Test func failedExpectationsStillExitZeroAndWriteOnlyTheMatrix() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/fail.json": ScenarioTexts.failing], under: folder)
            let outcome = runRealCLI(["compare", folder + "/suite", "--out", folder + "/out"])
            #expect(outcome.code == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["compare.html", "compare.json", "compare.md"])
            #expect(try text(folder + "/out/compare.md").contains(
                "| scenario | lww | server-wins | client-wins | field-merge | user-choice |\n"))
        }
    }

    @Test func anInvalidFileExits65AndTheOthersAreStillCompared() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a/pass.json": ScenarioTexts.passing, "suite/b/bad.json": ScenarioTexts.invalid,
                            "suite/c/reorder.json": ScenarioTexts.reorder], under: folder)
            let outcome = runRealCLI(["compare", folder + "/suite", "--strategies", "lww", "--out", folder + "/out"])
            #expect(outcome.code == 65)
            #expect(outcome.err == "\(folder)/suite/b/bad.json: devices[0].clok: unknown key \"clok\"; did you mean \"clock\"?\n")
            let rows = try text(folder + "/out/compare.md").split(separator: "\n").filter { $0.hasPrefix("| ") }
            #expect(rows.map { $0.split(separator: " ")[1] } == ["scenario", "a/pass.json", "c/reorder.json", "total"])
        }
    }

    @Test func twoComparisonsWriteByteIdenticalFiles() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["s/reorder.json": ScenarioTexts.reorder, "s/pass.json": ScenarioTexts.passing], under: folder)
            _ = runRealCLI(["compare", folder + "/s", "--strategies", "lww,field-merge,user-choice", "--out", folder + "/first"])
            _ = runRealCLI(["compare", folder + "/s", "--strategies", "lww,field-merge,user-choice", "--out", folder + "/second"])
            for name in ["compare.md", "compare.json"] {
                let first = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/first/\(name)"))
                let second = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/second/\(name)"))
                #expect(first == second, "\(name)")
                #expect(!first.isEmpty)
            }
        }
    }

    @Test func everyScenarioRunsUnderEveryStrategyWithTheSameSeed() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "b.json": "fail"], under: folder)
            var ran: [Scenario] = []
            let outcome = runCLI(["compare", folder + "/a.json", folder + "/b.json", "--strategies", "client-wins,lww",
                                  "--seed", "9", "--out", folder + "/out"], simulated: { ran.append($0) })
            #expect(outcome.code == 0)
            #expect(ran.map(\.name) == ["a", "a", "b", "b"])
            #expect(ran.map(\.strategy) == [.clientWins, .lww(clock: .device), .clientWins, .lww(clock: .device)])
            #expect(ran.map(\.seed) == [9, 9, 9, 9])
            #expect(outcome.out.hasPrefix("a.json  seed=9  client-wins ✓ 6m · z0 l0 d0 c0 | lww ✓ 6m · z0 l0 d0 c0\n"))
            #expect(try text(folder + "/out/compare.md").contains("Seed: every scenario ran with seed 9.\n"))
        }
    }

    @Test func withoutStrategiesEveryBuiltInIsCompared() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass"], under: folder)
            var ran: [StrategySpec] = []
            _ = runCLI(["compare", folder + "/a.json", "--out", folder + "/out"], simulated: { ran.append($0.strategy) })
            #expect(ran == StrategySpec.builtIns)
        }
    }

    @Test func badStrategyListsExit64AndSayWhy() {
        let unknown = runCLI(["compare", "--strategies", "lww,nope"])
        #expect(unknown.code == 64)
        #expect(unknown.err.hasPrefix("Error: invalid value 'nope' for '--strategies'; expected one of "
            + "'lww', 'server-wins', 'client-wins', 'field-merge', 'user-choice'\n"))
        let empty = runCLI(["compare", "--strategies="])
        #expect(empty.code == 64)
        #expect(empty.err.hasPrefix("Error: empty list for '--strategies'; expected one or more of 'lww', "))
        let repeated = runCLI(["compare", "--strategies", "lww,field-merge,lww"])
        #expect(repeated.code == 64)
        #expect(repeated.err.hasPrefix("Error: value 'lww' appears more than once in '--strategies'\n"))
    }

    @Test func progressGoesToStandardErrorOnlyOnATerminal() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a.json": "pass"], under: folder)
            #expect(runCLI(["compare", folder + "/suite", "--out", folder + "/out"]).err.isEmpty)
            let outcome = runCLI(["compare", folder + "/suite", "--out", folder + "/out"], errorIsTerminal: true)
            #expect(outcome.err == "[1/1] \(folder)/suite/a.json\n")
        }
    }

    @Test func missingPathExits66AndUnwritableOutputExits73() throws {
        try withTemporaryFolder { folder in
            let missing = runCLI(["compare", folder + "/nope"])
            #expect(missing.code == 66)
            #expect(missing.err == "Error: no such file or folder '\(folder)/nope'\n")
            try writeFiles(["a.json": "pass", "out": "a file"], under: folder)
            let unwritable = runCLI(["compare", folder + "/a.json", "--out", folder + "/out"])
            #expect(unwritable.code == 73)
            #expect(unwritable.err.hasPrefix("Error: cannot create folder '\(folder)/out'"))
        }
    }
}
