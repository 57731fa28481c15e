import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `syncsim run` prints a line per scenario and a summary, writes reports, and picks the exit code by precedence.
@Suite struct RunCommandTests {
    @Test func allPassingExitsZeroAndPrintsLinesAndSummary() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/b.json": "pass", "suite/a.json": "pass"], under: folder)
            let outcome = runCLI(["run", folder + "/suite", "--out", folder + "/out"])
            #expect(outcome.code == 0)
            #expect(outcome.err.isEmpty)
            #expect(outcome.out == """
                PASS  a  seed=1  converged at 6m
                PASS  b  seed=1  converged at 6m
                2 scenarios: 2 passed, 0 failed, 0 invalid

                """)
        }
    }

    @Test func aFailedExpectationExitsOneAndSaysWhy() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "b.json": "fail", "c.json": "budget"], under: folder)
            let outcome = runCLI(["run", folder, "--out", folder + "/out", "--seed", "9"])
            #expect(outcome.code == 1)
            #expect(outcome.out == """
                PASS  a  seed=9  converged at 6m
                FAIL  b  seed=9  zombies: expected 0, found 1  rerun: swift run syncsim run \(folder)/b.json --seed 9
                FAIL  c  seed=9  budget exhausted  rerun: swift run syncsim run \(folder)/c.json --seed 9
                3 scenarios: 1 passed, 2 failed, 0 invalid

                """)
        }
    }

    @Test func anInvalidFileExits65EvenWithFailures() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "fail", "b.json": "nonsense"], under: folder)
            let outcome = runCLI(["run", folder, "--out", folder + "/out"])
            #expect(outcome.code == 65)
            #expect(outcome.err == "\(folder)/b.json: outcome: expected pass, found nonsense\n")
            #expect(outcome.out.hasSuffix("2 scenarios: 0 passed, 1 failed, 1 invalid\n"))
        }
    }

    @Test func quietPrintsOnlyFailuresAndTheSummary() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "b.json": "fail"], under: folder)
            let outcome = runCLI(["run", "--quiet", folder, "--out", folder + "/out"])
            #expect(outcome.out == "FAIL  b  seed=1  zombies: expected 0, found 1  rerun: swift run syncsim run \(folder)/b.json --seed 1\n"
                + "2 scenarios: 1 passed, 1 failed, 0 invalid\n")
        }
    }

    @Test func shortFlagsMeanWhatTheLongOnesDo() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "b.json": "fail"], under: folder)
            let outcome = runCLI(["run", "-q", "-s", "9", "-o", folder + "/out", folder + "/a.json", folder + "/b.json"])
            #expect(outcome.out.hasPrefix("FAIL  b  seed=9  zombies: expected 0, found 1"))
            #expect(outcome.out.hasSuffix("\n2 scenarios: 1 passed, 1 failed, 0 invalid\n"))
            #expect(FileManager.default.fileExists(atPath: folder + "/out/a.md"))
            let compared = runCLI(["compare", "-s", "4", "-o", folder + "/matrix", folder + "/a.json"])
            #expect(compared.out.hasPrefix("a.json  seed=4  "))
            #expect(FileManager.default.fileExists(atPath: folder + "/matrix/compare.md"))
        }
    }

    /// Same-named files given one by one would write the same report: the second is refused, naming both.
    @Test func aSecondFileForTheSameReportIsRefused() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["one/x.json": "pass", "two/x.json": "fail", "two/X.json": "fail"], under: folder)
            let outcome = runCLI(["run", folder + "/one/x.json", folder + "/two/x.json", folder + "/two/X.json", "-o", folder + "/out"])
            #expect(outcome.code == 65)
            #expect(outcome.out == "PASS  x  seed=1  converged at 6m\n3 scenarios: 1 passed, 0 failed, 2 invalid\n")
            let clash = "is also the name of \(folder)/one/x.json, whose report 'x.md' this file's would overwrite; "
                + #"give one of them another "name""#
            #expect(outcome.err == "\(folder)/two/x.json: name: \"x\" \(clash)\n"
                + "\(folder)/two/X.json: name: \"X\" \(clash.replacingOccurrences(of: "'x.md'", with: "'X.md'"))\n")
            #expect(try String(contentsOfFile: folder + "/out/x.md", encoding: .utf8).hasPrefix("# x — PASS"))
        }
    }

    @Test func progressGoesToStandardErrorOnlyOnATerminal() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a.json": "pass"], under: folder)
            #expect(runCLI(["run", folder + "/suite", "--out", folder + "/out"]).err.isEmpty)
            let outcome = runCLI(["run", folder + "/suite", "--out", folder + "/out"], errorIsTerminal: true)
            #expect(outcome.err == "[1/1] \(folder)/suite/a.json\n")
        }
    }

    @Test func missingPathOrEmptyFolderExits66() throws {
        try withTemporaryFolder { folder in
            let missing = runCLI(["run", folder + "/nope"])
            #expect(missing.code == 66)
            #expect(missing.err == "Error: no such file or folder '\(folder)/nope'\n")
            let empty = runCLI(["run", folder])
            #expect(empty.code == 66)
            #expect(empty.err == "Error: no scenario files under '\(folder)'\n")
        }
    }

    @Test func unwritableOutputExits73() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "out": "a file"], under: folder)
            let outcome = runCLI(["run", folder + "/a.json", "--out", folder + "/out"])
            #expect(outcome.code == 73)
            #expect(outcome.err.hasPrefix("Error: cannot create folder '\(folder)/out'"))
        }
    }

    @Test func reportsMirrorTheSuiteAndCarryTheRepro() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/group/a.json": "pass"], under: folder)
            var ran: [Scenario] = []
            let outcome = runCLI(["run", folder + "/suite", "--out", folder + "/out", "--seed", "5", "--strategy", "server-wins"],
                                 simulated: { ran.append($0) })
            #expect(outcome.code == 0)
            #expect(ran.map(\.seed) == [5])
            #expect(ran.map(\.strategy) == [.serverWins])
            let json = try String(contentsOfFile: folder + "/out/group/a.json", encoding: .utf8)
            #expect(json.contains("\"suitePath\": \"group/a.json\""))
            #expect(json.contains("\"repro\": \"swift run syncsim run \(folder)/suite/group/a.json --seed 5 --strategy server-wins\""))
            #expect(FileManager.default.fileExists(atPath: folder + "/out/group/a.md"))
        }
    }

    /// `--strategy-option` sets the options of the strategy `--strategy` names, and the repro repeats them.
    @Test func strategyOptionsApplyAndAreRepeatedInTheRepro() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a.json": "pass"], under: folder)
            var ran: [Scenario] = []
            let outcome = runCLI(["run", folder + "/suite", "--out", folder + "/out", "--strategy", "user-choice",
                                  "--strategy-option", "choice=keep-server", "--strategy-option", "decideAfter=30m"],
                                 simulated: { ran.append($0) })
            #expect(outcome.code == 0)
            #expect(ran.map(\.strategy) == [.userChoice(choice: .keepServer, decideAfter: .minutes(30))])
            let json = try String(contentsOfFile: folder + "/out/a.json", encoding: .utf8)
            #expect(json.contains("\"repro\": \"swift run syncsim run \(folder)/suite/a.json --seed 1 --strategy user-choice "
                + "--strategy-option choice=keep-server --strategy-option decideAfter=30m\""))
        }
    }

    @Test func aStrategyOptionNeedsTheStrategyAndAValidValue() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass"], under: folder)
            let alone = runCLI(["run", folder + "/a.json", "--out", folder + "/out", "--strategy-option", "choice=keep-server"])
            #expect(alone.code == 64)
            #expect(alone.err.hasPrefix("Error: invalid value for '--strategy-option': it sets an option of the strategy "
                + "'--strategy' names; give '--strategy' too\n"))
            let wrong = runCLI(["run", folder + "/a.json", "--out", folder + "/out", "--strategy", "user-choice",
                                "--strategy-option", "choice=keep-mine"])
            #expect(wrong.code == 64)
            #expect(wrong.err.hasPrefix("Error: invalid value for '--strategy-option': choice: expected one of "
                + "\"keep-local\", \"keep-server\", \"keep-both\", found \"keep-mine\"\n"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
    }

    @Test func aFileGivenDirectlyReportsStraightUnderOut() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/group/a.json": "pass"], under: folder)
            _ = runCLI(["run", folder + "/suite/group/a.json", "--out", folder + "/out"])
            let json = try String(contentsOfFile: folder + "/out/a.json", encoding: .utf8)
            #expect(json.contains("\"repro\": \"swift run syncsim run \(folder)/suite/group/a.json --seed 1\""))
        }
    }

    @Test func reproQuotesPathsForTheShell() {
        let overrides = RunOverrides(seed: nil, strategy: nil)
        #expect(overrides.repro(path: "Scenarios/it's here.json", seed: 3)
            == "swift run syncsim run 'Scenarios/it'\\''s here.json' --seed 3")
        #expect(ShellWord.quoted("Scenarios/a-b_c.json") == "Scenarios/a-b_c.json")
        #expect(ShellWord.quoted("") == "''")
    }
}
