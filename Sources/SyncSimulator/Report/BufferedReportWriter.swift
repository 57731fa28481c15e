/// A report writer that writes its file straight into a byte buffer, which the store saves without a String between.
protocol BufferedReportWriter: ReportWriter {
    /// Appends the whole file for `report` to `buffer`: the UTF-8 of `render(report)`.
    func write(_ report: Report, into buffer: inout TextBuffer)
}

extension BufferedReportWriter {
    /// The file's text, made in a buffer of its own.
    func renderedInBuffer(_ report: Report) -> String {
        var buffer = TextBuffer()
        write(report, into: &buffer)
        return buffer.text
    }
}
