import Foundation
import Testing

/// The built `syncsim run`, with its standard output a pipe whose reader went away, a full disk or a closed descriptor,
/// goes on to the end: every report is written, the failure is said on standard error, and the exit code is 74.
@Suite struct UnwritableConsoleTests {
    /// Three scenarios, the middle one long enough to run well after the first line is read.
    private static func suite(in folder: String) throws -> [String] {
        let steps = (1...300).map { #"{"at": "\#($0)s", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"n": \#($0)}}"# }
        let long = #"{"devices": [{"id": "iPhone"}, {"id": "iPad"}], "records": [{"id": "fav1", "type": "F", "fields": {}}], "#
            + #""timeline": [\#(steps.joined(separator: ", "))]}"#
        try writeFiles(["suite/a.json": ScenarioTexts.passing, "suite/b.json": long, "suite/c.json": ScenarioTexts.passing],
                       under: folder)
        return ["run", folder + "/suite", "--out", folder + "/out"]
    }

    private static func expectEveryReport(under folder: String) throws {
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(written == ["a.html", "a.json", "a.md", "b.html", "b.json", "b.md", "c.html", "c.json", "c.md", "index.html"])
    }

    @Test func aPipeClosedAfterTheFirstLineLosesNoReport() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            let pipe = Pipe()
            var firstLine = Data()
            let ending = try BuiltExecutable.run(executable, try Self.suite(in: folder), standardOutput: pipe) {
                while let byte = try? pipe.fileHandleForReading.read(upToCount: 1), let first = byte.first {
                    firstLine.append(first)
                    if first == UInt8(ascii: "\n") { break }
                }
                try? pipe.fileHandleForReading.close()
                try? pipe.fileHandleForWriting.close()
            }
            #expect(String(decoding: firstLine, as: UTF8.self).hasPrefix("PASS  a  seed=1  "))
            #expect(!ending.signalled)
            #expect(ending.status == 74)
            #expect(ending.error == "Error: cannot write standard output: Broken pipe; the rest of that output was dropped\n")
            try Self.expectEveryReport(under: folder)
        }
    }

    @Test func aPipeClosedBeforeAnyLineLosesNoReport() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let ending = try BuiltExecutable.run(executable, try Self.suite(in: folder), standardOutput: pipe) {
                try? pipe.fileHandleForWriting.close()
            }
            #expect(!ending.signalled)
            #expect(ending.status == 74)
            try Self.expectEveryReport(under: folder)
        }
    }

    @Test func aFullStandardOutputLosesNoReport() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let ending = try BuiltExecutable.run(executable, try Self.suite(in: folder), standardOutput: full)
            #expect(!ending.signalled)
            #expect(ending.status == 74)
            #expect(ending.error
                == "Error: cannot write standard output: No space left on device; the rest of that output was dropped\n")
            try Self.expectEveryReport(under: folder)
        }
    }

    /// With standard output closed, no report file may take its descriptor and receive the console's lines.
    @Test func aClosedStandardOutputLosesNoReportAndCorruptsNone() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            let arguments = ["-c", #"exec "$0" "$@" >&-"#, executable] + (try Self.suite(in: folder))
            let ending = try BuiltExecutable.run("/bin/sh", arguments, standardOutput: FileHandle.nullDevice)
            #expect(!ending.signalled)
            #expect(ending.status == 74)
            #expect(ending.error == "Error: cannot write standard output: Bad file descriptor; the rest of that output was dropped\n")
            try Self.expectEveryReport(under: folder)
            let report = try String(contentsOfFile: folder + "/out/a.md", encoding: .utf8)
            #expect(report.hasPrefix("# a — PASS\n") && !report.contains("PASS  a  seed=1"))
        }
    }

    /// A failed scenario's exit code stands when the console is broken too: the verdict is not lost.
    @Test func aFailureStillExitsOneWithAFullStandardOutput() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            try writeFiles(["fail.json": ScenarioTexts.failing], under: folder)
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let ending = try BuiltExecutable.run(executable, ["run", folder + "/fail.json", "--out", folder + "/out"],
                                                 standardOutput: full)
            #expect(ending.status == 1)
            #expect(FileManager.default.fileExists(atPath: folder + "/out/fail.md"))
        }
    }
}
