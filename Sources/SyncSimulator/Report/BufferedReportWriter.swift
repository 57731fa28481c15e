/// A report writer that writes its file straight into a byte buffer, which the store saves without a String between.
protocol BufferedReportWriter: ReportWriter {
    /// The whole file for `report` in a buffer: the UTF-8 of `render(report)`.
    func buffer(for report: Report) -> TextBuffer
}
