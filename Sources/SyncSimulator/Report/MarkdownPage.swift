/// Builds Markdown text line by line, with one blank line between blocks and table cells escaped.
struct MarkdownPage: ~Copyable {
    private(set) var buffer = TextBuffer()

    var text: String { buffer.text }

    mutating func line(_ content: String) {
        buffer.append(content)
        buffer.append(byte: UInt8(ascii: "\n"))
    }

    /// Ends the current block with a blank line, unless the text already ends with one.
    mutating func blank() {
        if buffer.count > 0, !buffer.hasSuffix("\n\n") { buffer.append(byte: UInt8(ascii: "\n")) }
    }

    mutating func paragraph(_ content: String) {
        blank()
        line(content)
    }

    mutating func heading(_ title: String) {
        blank()
        line("## \(title)")
        blank()
    }

    mutating func subheading(_ title: String) {
        blank()
        line("### \(title)")
        blank()
    }

    /// A table with a header row, or the `empty` sentence when there are no rows.
    mutating func table(_ header: [String], _ rows: [[String]], empty: String) {
        guard !rows.isEmpty else {
            line(empty)
            return
        }
        row(header)
        line("|" + String(repeating: "---|", count: header.count))
        for cells in rows { row(cells) }
    }

    private mutating func row(_ cells: [String]) {
        buffer.append("| ")
        for (index, cell) in cells.enumerated() {
            if index > 0 { buffer.append(" | ") }
            appendCell(cell)
        }
        buffer.append(" |\n")
    }

    /// A table cell's text: pipes escaped, line breaks turned into spaces. Text without a byte that could start a
    /// pipe or a line break is copied as it is.
    private mutating func appendCell(_ content: String) {
        guard content.utf8.contains(where: MarkdownPage.mayNeedEscaping) else {
            buffer.append(content)
            return
        }
        for character in content {
            if character == "|" {
                buffer.append("\\|")
            } else if character.isNewline {
                buffer.append(byte: UInt8(ascii: " "))
            } else {
                buffer.append(String(character))
            }
        }
    }

    /// Whether `byte` may belong to a pipe or a line break: `|`, LF, VT, FF, CR, or the lead byte of U+0085
    /// (0xC2) or of U+2028 and U+2029 (0xE2).
    private static func mayNeedEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "|") || (0x0A...0x0D).contains(byte) || byte == 0xC2 || byte == 0xE2
    }
}
