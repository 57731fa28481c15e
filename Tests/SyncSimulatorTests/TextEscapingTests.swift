import Testing
@testable import SyncSimulator

/// The writers escape text byte by byte on its UTF-8, and must give what the character-by-character escaping gave:
/// quotes, backslashes, C0 and C1 control characters, DEL, line and paragraph separators, combining marks, and
/// characters of two, three and four bytes, in JSON strings, HTML text and Markdown table cells.
@Suite struct TextEscapingTests {
    /// A text and how each format writes it.
    struct Sample: Sendable, CustomTestStringConvertible {
        let text: String, json: String, html: String, cell: String
        var testDescription: String { text.debugDescription }
    }

    static let samples = [
        Sample(text: "plain ascii", json: "\"plain ascii\"", html: "plain ascii", cell: "plain ascii"),
        Sample(text: "a\"b\\c/d", json: "\"a\\\"b\\\\c/d\"", html: "a&quot;b\\c/d", cell: "a\"b\\c/d"),
        Sample(text: "\u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}\u{1F} \u{7F}",
               json: "\"\\u0000\\u0001\\u0007\\u0008\\u000b\\u000c\\u001b\\u001f \u{7F}\"",
               html: "\\u{0}\\u{1}\\u{7}\\u{8}\\u{B}\\u{C}\\u{1B}\\u{1F} \\u{7F}",
               cell: "\u{0}\u{1}\u{7}\u{8}  \u{1B}\u{1F} \u{7F}"),
        Sample(text: "\n\r\t\r\n", json: "\"\\n\\r\\t\\r\\n\"", html: "\n\\u{D}\t\\u{D}\n", cell: "  \t "),
        // U+0080 to U+009F are control characters; U+00A0 to U+00BF share their first byte, U+00C0 does not.
        Sample(text: "\u{80}\u{85}\u{9F}\u{A0}\u{A9}\u{BF}\u{C0}",
               json: "\"\u{80}\u{85}\u{9F}\u{A0}\u{A9}\u{BF}\u{C0}\"",
               html: "\\u{80}\\u{85}\\u{9F}\u{A0}\u{A9}\u{BF}\u{C0}",
               cell: "\u{80} \u{9F}\u{A0}\u{A9}\u{BF}\u{C0}"),
        Sample(text: "\u{E9} e\u{301} \u{FC} \u{65E5}\u{672C} \u{1F389} \u{2028}\u{2029}",
               json: "\"\u{E9} e\u{301} \u{FC} \u{65E5}\u{672C} \u{1F389} \u{2028}\u{2029}\"",
               html: "\u{E9} e\u{301} \u{FC} \u{65E5}\u{672C} \u{1F389} \u{2028}\u{2029}",
               cell: "\u{E9} e\u{301} \u{FC} \u{65E5}\u{672C} \u{1F389}   "),
        Sample(text: "<a href='x'>&amp;</a>", json: "\"<a href='x'>&amp;</a>\"",
               html: "&lt;a href=&#39;x&#39;&gt;&amp;amp;&lt;/a&gt;", cell: "<a href='x'>&amp;</a>"),
        // A pipe joined to a prefix or a combining mark is another character, and stays as it is in a cell.
        Sample(text: "x|y \u{600}| |\u{301} a\u{2028}b c\u{85}d e\r\nf g\u{B}h",
               json: "\"x|y \u{600}| |\u{301} a\u{2028}b c\u{85}d e\\r\\nf g\\u000bh\"",
               html: "x|y \u{600}| |\u{301} a\u{2028}b c\\u{85}d e\\u{D}\nf g\\u{B}h",
               cell: "x\\|y \u{600}| |\u{301} a b c d e f g h"),
    ]

    @Test(arguments: samples)
    func jsonStringsEscapeAsBefore(_ sample: Sample) {
        #expect(JSONValue.string(sample.text).compact == sample.json)
        #expect(JSONValue.object([(sample.text, .array([.string(sample.text)]))]).rendered()
            == "{\n  \(sample.json): [\n    \(sample.json)\n  ]\n}\n")
    }

    @Test(arguments: samples)
    func htmlTextEscapesAsBefore(_ sample: Sample) {
        #expect(HTMLText.escape(sample.text) == sample.html)
    }

    @Test(arguments: samples)
    func markdownCellsEscapeAsBefore(_ sample: Sample) {
        var page = MarkdownPage()
        page.table(["text"], [[sample.text]], empty: "")
        #expect(page.text == "| text |\n|---|\n| \(sample.cell) |\n")
    }

    /// A long text with something to escape near its end, past what a buffer first holds.
    @Test func longTextsEscapeWhole() {
        let text = String(repeating: "é|<\"", count: 3_000) + "\u{1B}"
        #expect(HTMLText.escape(text) == String(repeating: "é|&lt;&quot;", count: 3_000) + "\\u{1B}")
        #expect(JSONValue.string(text).compact == "\"" + String(repeating: "é|<\\\"", count: 3_000) + "\\u001b\"")
    }
}
