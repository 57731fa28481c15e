import Testing
@testable import SyncSimulator

/// Readers and paths build their message text only for an invalid value, and print it as the loader's errors show it.
@Suite struct ValueReaderTests {
    /// Hands out a reader's expected text and counts how often it was built.
    private final class TextCounter {
        var built = 0
        func text(_ text: String) -> String {
            built += 1
            return text
        }
    }

    @Test func aValidValueBuildsNoExpectedText() {
        let counter = TextCounter()
        let reader = ValueReader<Bool>.scalar(counter.text("true or false")) { value in
            if case let .bool(flag) = value { return flag }
            return nil
        }
        .checked(counter.text("true")) { $0 }
        var decoder = ScenarioDecoder()
        #expect(decoder.read(DocumentNode(value: .bool(true), path: .root), as: reader) == true)
        #expect(counter.built == 0)
        #expect(decoder.issueCount == 0)

        #expect(decoder.read(DocumentNode(value: .bool(false), path: DocumentPath.root.member("flag", at: 0)), as: reader) == nil)
        #expect(counter.built == 1)
        #expect(decoder.issues == [ScenarioIssue(path: "flag", message: "expected true, found false")])
    }

    @Test func aPathPrintsPlainKeysDottedOddKeysQuotedAndElementsIndexed() {
        let path = DocumentPath.root.member("a b", at: 3).member("c", at: 0).element(2).member("d", at: 1)
        #expect(path.text == #"["a b"].c[2].d"#)
        #expect(DocumentPath.root.member("devices", at: 0).element(1).text == "devices[1]")
        #expect(DocumentPath.root.text == "")
        #expect(path.order == [3, 0, 2, 1])
        #expect(DocumentPath.root.member("x", at: 0).precedes(path))
        #expect(!path.precedes(DocumentPath.root.member("x", at: 3)))
        #expect(DocumentPath.root.member("x", at: 3).precedes(path))
    }
}
