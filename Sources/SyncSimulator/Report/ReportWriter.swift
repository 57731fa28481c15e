/// Turns a report into the text of one file format.
public protocol ReportWriter: Sendable {
    /// The file name extension the format is saved with, without the dot.
    var fileExtension: String { get }
    /// The whole file's text for `report`.
    func render(_ report: Report) -> String
}
