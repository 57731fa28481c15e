/// An HTML page being written into one buffer: the head with its one inline style sheet, sections, and tables.
package struct HTMLPage: ~Copyable {
    private var buffer = TextBuffer()

    /// A page whose head, with `title`, is written at once.
    package init(title: String) {
        buffer.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
        escaped(title)
        buffer.append("</title>\n<style>\n")
        buffer.append(HTMLPage.style)
        buffer.append("</style>\n</head>\n<body>\n")
    }

    /// Adds `html` as it is, on a line of its own.
    package mutating func add(_ html: String) {
        buffer.append(html)
        buffer.append(byte: UInt8(ascii: "\n"))
    }

    /// Appends `html` as it is.
    mutating func raw(_ html: String) { buffer.append(html) }

    /// Appends `text` escaped.
    mutating func escaped(_ text: String) { HTMLText.append(text, to: &buffer) }

    package mutating func section(_ heading: String, _ html: String) {
        section(heading) { $0.raw(html) }
    }

    /// A section whose content `write` appends.
    mutating func section(_ heading: String, _ write: (inout HTMLPage) -> Void) {
        buffer.append("<section><h2>")
        escaped(heading)
        buffer.append("</h2>\n")
        write(&self)
        buffer.append("</section>\n")
    }

    /// A table of text cells (escaped here), each row with a class.
    package static func table(_ headers: [String], _ rows: [(String, [String])]) -> String {
        var buffer = TextBuffer()
        table(headers, rows, to: &buffer)
        return buffer.text
    }

    /// Appends a table of text cells (escaped here), each row with a class.
    mutating func table(_ headers: [String], _ rows: [(String, [String])]) {
        HTMLPage.table(headers, rows, to: &buffer)
    }

    private static func table(_ headers: [String], _ rows: [(String, [String])], to buffer: inout TextBuffer) {
        buffer.append("<table><thead><tr>")
        for header in headers { cell("th", header, to: &buffer) }
        buffer.append("</tr></thead><tbody>")
        for (index, row) in rows.enumerated() {
            if index > 0 { buffer.append(byte: UInt8(ascii: "\n")) }
            buffer.append("<tr class=\"")
            buffer.append(row.0)
            buffer.append("\">")
            for text in row.1 { cell("td", text, to: &buffer) }
            buffer.append("</tr>")
        }
        buffer.append("</tbody></table>")
    }

    private static func cell(_ tag: StaticString, _ text: String, to buffer: inout TextBuffer) {
        buffer.append(byte: UInt8(ascii: "<"))
        buffer.append(tag)
        buffer.append(byte: UInt8(ascii: ">"))
        HTMLText.append(text, to: &buffer)
        buffer.append("</")
        buffer.append(tag)
        buffer.append(byte: UInt8(ascii: ">"))
    }

    /// The whole page's text, closed.
    package var text: String { buffer.text + HTMLPage.closing }

    /// The whole page closed, in its buffer.
    consuming func finished() -> TextBuffer {
        buffer.append(HTMLPage.closing)
        return buffer
    }

    private static let closing = "</body>\n</html>\n"

    static let style = """
        body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #222; }
        h1 { font-size: 22px; margin: 0 0 6px; } h2 { font-size: 17px; margin: 22px 0 8px; }
        .verdict { font-size: 14px; padding: 2px 8px; border-radius: 4px; color: #fff; vertical-align: middle; }
        .verdict.passed { background: #2e7d32; } .verdict.failed { background: #c62828; }
        .verdict.budget-exhausted { background: #ef6c00; }
        .facts, .hint, .omitted { color: #555; } .omitted { font-weight: bold; }
        table { border-collapse: collapse; } th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
        th { background: #f3f3f3; } tr.broken td, tr.differs td { background: #fdecea; }
        td.count.some { color: #c62828; font-weight: bold; }
        .anomalies .kind { font-weight: bold; color: #c62828; } .cause { color: #555; font-style: italic; }
        pre { background: #f6f6f6; padding: 8px; overflow-x: auto; }
        .scroll { overflow-x: auto; border: 1px solid #ddd; }
        svg text { font: 11px sans-serif; } .lane-label { font-weight: bold; fill: #333; }
        .lane-bg { fill: #fbfbfb; stroke: #eee; } .lane:nth-child(odd) .lane-bg { fill: #f4f6f8; }
        text.tick { fill: #666; } line.tick { stroke: #ccc; }
        .cut line { stroke: #999; stroke-dasharray: 2 2; } .cut text { fill: #999; text-anchor: middle; }
        .settle line { stroke: #2e7d32; stroke-dasharray: 6 3; } .settle text { fill: #2e7d32; }
        .period { opacity: 0.55; } .period.offline { fill: #bdbdbd; } .period.killed { fill: #424242; }
        .period.background { fill: #d1c4e9; } .period.tunnel { fill: url(#hatch); } .period.partition { fill: #f48fb1; }
        .period.outage { fill: #e53935; } .period.rate-limit { fill: #ffb74d; } .period.zone-busy { fill: #fff176; }
        .message { stroke-width: 1.2; } .message.request, .message.request line { stroke: #1e88e5; }
        .message.answer, .message.answer line { stroke: #43a047; } .message.lost line { stroke: #d32f2f; stroke-dasharray: 3 2; }
        .lost-mark { fill: #d32f2f; font-weight: bold; }
        .mark.create circle { fill: #2e7d32; } .mark.edit circle { fill: #1565c0; } .mark.delete circle { fill: #111; }
        .mark.increment circle { fill: #8e24aa; } .mark.decision circle { fill: #ef6c00; } .mark.not-applied circle { fill: #fff; stroke: #999; }
        .mark.commit rect { fill: #455a64; } .mark.conflict polygon { fill: #ff9800; stroke: #e65100; }
        .mark.push polygon { fill: #90a4ae; } .mark.timeout text { fill: #757575; } .mark.reset rect { fill: #b71c1c; }
        .anomaly circle { fill: #fff; stroke: #d50000; stroke-width: 2.5; } .anomaly text { fill: #d50000; font-weight: bold; text-anchor: middle; }
        .legend .swatch { display: inline-block; width: 10px; height: 10px; margin: 0 3px 0 10px; border: 1px solid #999; }
        .swatch.create { background: #2e7d32; } .swatch.edit { background: #1565c0; } .swatch.delete { background: #111; }
        .swatch.increment { background: #8e24aa; } .swatch.commit { background: #455a64; } .swatch.conflict { background: #ff9800; }
        .swatch.request { background: #1e88e5; } .swatch.answer { background: #43a047; } .swatch.lost { background: #d32f2f; }
        .swatch.anomaly { background: #fff; border: 2px solid #d50000; border-radius: 6px; }
        .swatch.offline { background: #bdbdbd; } .swatch.killed { background: #424242; } .swatch.background { background: #d1c4e9; }
        .swatch.tunnel { background: #90caf9; } .swatch.partition { background: #f48fb1; } .swatch.outage { background: #e53935; }
        .swatch.rate-limit { background: #ffb74d; } .swatch.zone-busy { background: #fff176; }
        .cell.clean, .swatch.clean { background: #e8f5e9; } .cell.anomalies, .swatch.anomalies { background: #fff3e0; }
        .cell.diverged, .swatch.diverged { background: #ffebee; } .matrix td.cell { white-space: nowrap; }

        """
}
