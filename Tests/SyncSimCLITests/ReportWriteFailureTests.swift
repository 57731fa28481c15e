import Foundation
import Testing

/// A report whose file stops growing part-way (a full disk, a file-size limit) is reported and leaves nothing behind.
@Suite struct ReportWriteFailureTests {
    /// A scenario whose JSON report is several megabytes: written in many chunks.
    private static var largeScenario: String {
        let records = (1...20_000).map { #"{"id": "r\#($0)", "type": "Item", "fields": {"title": "Item \#($0)"}}"# }
        return #"{"devices": [{"id": "iPhone"}], "records": ["# + records.joined(separator: ", ") + "]}"
    }

    @Test func aWriteThatFailsAfterSomeChunksExits73AndLeavesNoFile() throws {
        let executable = try #require(BuiltExecutable.path)
        try withTemporaryFolder { folder in
            try writeFiles(["large.json": ReportWriteFailureTests.largeScenario], under: folder)
            // Files may grow to 1 MB: the first chunk lands, a later one does not. With the signal ignored, the write
            // fails with "File too large" instead of killing the process.
            let script = #"trap '' XFSZ; ulimit -f 2048; exec "$0" run large.json --out out --format json --quiet"#
            let ending = try BuiltExecutable.run("/bin/sh", ["-c", script, executable], standardOutput: Pipe(), in: folder)
            #expect(ending.status == 73)
            #expect(ending.error.contains("File too large"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasSuffix(".tmp") || $0 == "large.json" } == [])
        }
    }
}
