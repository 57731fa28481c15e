extension ReportStore {
    /// Writes the comparison as `<out>/<name>.<ext>` in each writer's format; returns the paths written, in writer order.
    @discardableResult
    public func write(_ comparison: Comparison, named name: String = "compare",
                      writers: [any ComparisonWriter] = [MarkdownComparisonWriter(), JSONComparisonWriter()])
        throws(ReportStoreError) -> [String] {
        try writers.map { writer throws(ReportStoreError) in
            try write(writer.render(comparison), toFileNamed: name + "." + writer.fileExtension)
        }
    }
}
