import Foundation
import SyncSimulator
import Testing
@testable import SyncSimCLI

/// `syncsim shrink FILE` writes the smallest scenario that fails the same way as `<out>/<name>-min.json` and never
/// changes the file itself.
@Suite struct ShrinkCommandTests {
    @Test func aBrokenInvariantShrinksToAMinimalFileThatStillFails() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["zombie.json": ScenarioTexts.hardDeleteZombie], under: folder)
            let file = folder + "/zombie.json"
            let outcome = runRealCLI(["shrink", file, "-o", folder + "/min"])
            #expect(outcome.code == 0)
            #expect(outcome.err == "")
            #expect(outcome.out == #"Shrunk \#(file) (zombie on "fav1"): 5 → 3 steps, 2 → 1 devices; wrote \#(folder)/min/zombie-min.json"#
                + "\n")
            #expect(try String(contentsOfFile: file, encoding: .utf8) == ScenarioTexts.hardDeleteZombie)
            #expect(try FuzzTestSupport.listing(folder + "/min") == ["zombie-min.json"])
            let minimal = try ScenarioLoader.load(path: folder + "/min/zombie-min.json").get()
            #expect(minimal.name == "zombie-min")
            #expect(minimal.devices.map(\.id) == ["iPhone"])
            #expect(minimal.records.map(\.id) == ["fav1"])
            let run = runRealCLI(["run", folder + "/min/zombie-min.json", "--out", folder + "/reports"])
            #expect(run.code == 1)
            #expect(run.out.hasPrefix("FAIL  zombie-min  seed=1  zombies: expected 0, found 1  "
                + "rerun: swift run syncsim run \(folder)/min/zombie-min.json --seed 1\n"))
        }
    }

    /// A scenario that breaks no invariant but fails its own expectation shrinks while that expectation fails.
    @Test func aFailedExpectationShrinksWhileTheSameExpectationFails() throws {
        try withTemporaryFolder { folder in
            let text = ScenarioTexts.reorder.replacingOccurrences(of: #""lostUpdates": 1"#, with: #""lostUpdates": 0"#)
            try writeFiles(["reorder.json": text], under: folder)
            let outcome = runRealCLI(["shrink", folder + "/reorder.json", "--out", folder])
            #expect(outcome.code == 0)
            #expect(outcome.out == "Shrunk \(folder)/reorder.json (lostUpdates: expected 0, found 1): 4 → 2 steps, "
                + "2 → 2 devices; wrote \(folder)/reorder-min.json\n")
            let run = runRealCLI(["run", folder + "/reorder-min.json", "--out", folder + "/reports"])
            #expect(run.code == 1)
            #expect(run.out.hasPrefix("FAIL  reorder-min  seed=1  lostUpdates: expected 0, found 1  "
                + "rerun: swift run syncsim run \(folder)/reorder-min.json --seed 1\n"))
            #expect(try String(contentsOfFile: folder + "/reorder.json", encoding: .utf8) == text)
        }
    }

    @Test func aPassingFileHasNothingToShrink() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["pass.json": ScenarioTexts.passing], under: folder)
            let outcome = runRealCLI(["shrink", folder + "/pass.json", "--out", folder + "/min"])
            #expect(outcome.code == 0)
            #expect(outcome.out == "\(folder)/pass.json passes: nothing to shrink.\n")
            #expect(!FileManager.default.fileExists(atPath: folder + "/min"))
            #expect(try String(contentsOfFile: folder + "/pass.json", encoding: .utf8) == ScenarioTexts.passing)
        }
    }

    @Test func anInvalidFileExits65() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["bad.json": ScenarioTexts.invalid], under: folder)
            let outcome = runRealCLI(["shrink", folder + "/bad.json", "--out", folder + "/min"])
            #expect(outcome.code == 65)
            #expect(outcome.out == "")
            #expect(outcome.err.hasPrefix("\(folder)/bad.json: devices[0].clok: unknown key"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/min"))
        }
    }

    @Test func aMissingFileExits66() throws {
        try withTemporaryFolder { folder in
            let outcome = runRealCLI(["shrink", folder + "/none.json", "--out", folder + "/min"])
            #expect(outcome.code == 66)
            #expect(outcome.err == "Error: no such file or folder '\(folder)/none.json'\n")
        }
    }

    @Test func aFolderOfSeveralFilesIsAUsageError() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": ScenarioTexts.passing, "b.json": ScenarioTexts.failing], under: folder)
            let outcome = runRealCLI(["shrink", folder, "--out", folder + "/min"])
            #expect(outcome.code == 64)
            #expect(outcome.err.hasPrefix(
                "Error: invalid value for '<file>': expected one scenario file, found a folder of 2\nUsage: syncsim shrink "))
        }
    }
}
