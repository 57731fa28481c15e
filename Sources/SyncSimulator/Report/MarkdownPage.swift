/// Builds Markdown text line by line, with one blank line between blocks and table cells escaped.
struct MarkdownPage {
    private(set) var text = ""

    mutating func line(_ content: String) {
        text += content + "\n"
    }

    /// Ends the current block with a blank line, unless the text already ends with one.
    mutating func blank() {
        if !text.isEmpty, !text.hasSuffix("\n\n") { text += "\n" }
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
        line("| " + cells.map(MarkdownPage.cell).joined(separator: " | ") + " |")
    }

    /// A table cell's text: pipes escaped, line breaks turned into spaces.
    private static func cell(_ content: String) -> String {
        guard content.contains(where: { $0 == "|" || $0.isNewline }) else { return content }
        var escaped = ""
        escaped.reserveCapacity(content.utf8.count + 8)
        for character in content {
            if character == "|" {
                escaped += "\\|"
            } else if character.isNewline {
                escaped += " "
            } else {
                escaped.append(character)
            }
        }
        return escaped
    }
}
