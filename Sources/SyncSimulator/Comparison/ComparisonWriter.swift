/// Turns a comparison into the text of one file format.
public protocol ComparisonWriter: Sendable {
    /// The file name extension the format is saved with, without the dot.
    var fileExtension: String { get }
    /// The whole file's text for `comparison`.
    func render(_ comparison: Comparison) -> String
}
