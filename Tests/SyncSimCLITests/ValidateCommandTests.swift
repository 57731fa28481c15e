import Testing
@testable import SyncSimCLI

/// `syncsim validate` prints OK or the issues per file and exits 0, 65 or 66.
@Suite struct ValidateCommandTests {
    @Test func validFilesPrintOKAndExitZero() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "b.json": "fail"], under: folder)
            let outcome = runCLI(["validate", folder])
            #expect(outcome.code == 0)
            #expect(outcome.out == "OK  \(folder)/a.json\nOK  \(folder)/b.json\n")
        }
    }

    @Test func anInvalidFilePrintsItsIssuesAndExits65() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a.json": "pass", "b.json": "oops"], under: folder)
            let outcome = runCLI(["validate", folder + "/b.json", folder + "/a.json"])
            #expect(outcome.code == 65)
            #expect(outcome.out == "OK  \(folder)/a.json\n")
            #expect(outcome.err == "\(folder)/b.json: outcome: expected pass, found oops\n")
        }
    }

    /// A file name or a message quoting a file's content cannot drive the terminal: its control characters are escaped.
    @Test func controlCharactersInPathsAndMessagesAreEscaped() throws {
        try withTemporaryFolder { folder in
            try writeFiles(["a\u{1B}]0;title\u{07}.json": "pass", "b.json": "oops\u{1B}[2J\u{9B}x"], under: folder)
            let outcome = runCLI(["validate", folder])
            #expect(outcome.out == "OK  \(folder)/a\\u{1B}]0;title\\u{7}.json\n")
            #expect(outcome.err == "\(folder)/b.json: outcome: expected pass, found oops\\u{1B}[2J\\u{9B}x\n")
        }
    }

    @Test func aMissingPathExits66() throws {
        try withTemporaryFolder { folder in
            #expect(runCLI(["validate", folder + "/missing.json"]).code == 66)
        }
    }
}
