import Foundation
import Testing
@testable import SyncSimCLI

/// Reports name a file the same however its path was typed; the console's failure line gives the command that reruns it
/// from where `syncsim` ran.
@Suite struct RerunPathTests {
    @Test func aPathIsFoldedToOneSpellingFromTheCurrentDirectory() {
        let rerun = { (path: String) in ScenarioFile(path: path, suitePath: "x.json", currentDirectory: "/home/me/app").rerunPath }
        #expect(rerun("Scenarios/x.json") == "Scenarios/x.json")
        #expect(rerun("./Scenarios//x.json") == "Scenarios/x.json")
        #expect(rerun("/home/me/app/Scenarios/x.json") == "Scenarios/x.json")
        #expect(rerun("Scenarios/../Scenarios/./x.json") == "Scenarios/x.json")
        #expect(rerun("/elsewhere/x.json") == "/elsewhere/x.json")
        #expect(rerun("../other/x.json") == "/home/me/other/x.json")
    }

    @Test func threeSpellingsOfOnePathWriteIdenticalReportsAndTheFailureLineReruns() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            try writeFiles(["Scenarios/fail.json": ScenarioTexts.failing], under: folder)
            var reports: [Data] = []
            for (index, path) in ["Scenarios/fail.json", "./Scenarios//fail.json", folder + "/Scenarios/fail.json"].enumerated() {
                let output = folder + "/out-\(index).txt"
                #expect(FileManager.default.createFile(atPath: output, contents: nil))
                let handle = try #require(FileHandle(forWritingAtPath: output))
                let ending = try BuiltExecutable.run(executable, ["run", path, "-o", "out-\(index)"], standardOutput: handle,
                                                     in: folder)
                try handle.close()
                #expect(ending.status == 1)
                let printed = try String(contentsOfFile: output, encoding: .utf8)
                #expect(printed.hasPrefix("FAIL  fail  seed=1  zombies: expected 1, found 0  "
                    + "rerun: swift run syncsim run Scenarios/fail.json --seed 1\n"))
                reports.append(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out-\(index)/fail.md")))
                reports.append(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/out-\(index)/fail.json")))
            }
            #expect(reports[0] == reports[2] && reports[0] == reports[4])
            #expect(reports[1] == reports[3] && reports[1] == reports[5])
            #expect(String(decoding: reports[1], as: UTF8.self).contains(#""repro": "swift run syncsim run Scenarios/fail.json --seed 1""#))
        }
    }
}
