import Foundation
import Testing
@testable import SyncSimCLI

/// `syncsim run --format …,junit` writes the whole run as `<out>/junit.xml`, invalid files included; without it, no such file.
@Suite struct RunJUnitTests {
    @Test func junitHoldsEveryFileOfTheRunByFolder() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/group/a.json": "pass", "suite/group/b.json": "fail", "suite/c.json": "nonsense"],
                           under: folder)
            let outcome = runCLI(["run", folder + "/suite", "--out", folder + "/out", "--format", "md,json,junit", "--quiet"])
            #expect(outcome.code == 65)
            #expect(try String(contentsOfFile: folder + "/out/junit.xml", encoding: .utf8) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="syncsim" tests="3" failures="1" errors="1" time="720.000">
                  <testsuite name="." tests="1" failures="0" errors="1" time="0.000">
                    <testcase classname="." name="c.json" time="0.000">
                      <error message="outcome: expected pass, found nonsense" type="invalid-scenario">outcome: expected pass, found nonsense</error>
                    </testcase>
                  </testsuite>
                  <testsuite name="group" tests="2" failures="1" errors="0" time="720.000">
                    <testcase classname="group" name="group/a.json" time="360.000"/>
                    <testcase classname="group" name="group/b.json" time="360.000">
                      <failure message="zombies: expected 0, found 1" type="failed">b (seed 1, lww): FAIL
                Failed expectations:
                - zombies: expected 0, found 1
                Reproduce: swift run syncsim run \(folder)/suite/group/b.json --seed 1</failure>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
        }
    }

    @Test func withoutTheFlagNoJUnitFileIsWritten() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass"], under: folder)
            #expect(runCLI(["run", folder, "--out", folder + "/out"]).code == 0)
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/junit.xml"))
        }
    }
}
