import Foundation
import Testing
@testable import SyncSimCLI

/// `run --format` picks the report files written; html (a default) adds the suite's index.
@Suite struct ReportFormatTests {
    @Test func onlyTheNamedFormatsAreWritten() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a.json": "pass"], under: folder)
            #expect(runCLI(["run", folder + "/suite", "--out", folder + "/out", "--format", "md"]).code == 0)
            #expect(try FuzzTestSupport.listing(folder + "/out") == ["a.md"])
        }
    }

    @Test func theDefaultWritesMarkdownJSONAndHTMLWithAnIndex() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["suite/a.json": "pass", "suite/b.json": "fail"], under: folder)
            #expect(runCLI(["run", folder + "/suite", "--out", folder + "/out"]).code == 1)
            #expect(try FuzzTestSupport.listing(folder + "/out")
                == ["a.html", "a.json", "a.md", "b.html", "b.json", "b.md", "index.html"])
            let index = try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8)
            #expect(index.contains("<h1>2 scenarios: 1 passed, 1 failed</h1>"))
            #expect(index.contains("<a href=\"b.html\">b.json</a>"))
        }
    }

    @Test func anUnknownOrRepeatedFormatIsAUsageError() {
        let unknown = runCLI(["run", "--format", "md,pdf"])
        #expect(unknown.code == 64)
        #expect(unknown.err.hasPrefix("Error: invalid value 'pdf' for '--format'"))
        #expect(runCLI(["run", "--format", "md,md"]).code == 64)
    }
}
