import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves files under an output folder, atomically and never outside it: a report as `<out>/<folder of its suite path>/<scenario>.<ext>`.
public struct ReportStore: Sendable {
    /// The folder every file is written under.
    public let outputFolder: String
    /// The formats a report is written in, each to its own file.
    public let writers: [any ReportWriter]

    /// A store under `outputFolder` writing Markdown and JSON unless told other writers.
    public init(outputFolder: String, writers: [any ReportWriter] = [MarkdownReportWriter(), JSONReportWriter()]) {
        self.outputFolder = outputFolder
        self.writers = writers
    }

    /// Writes the report in every writer's format and returns the paths written, in writer order.
    @discardableResult
    public func write(_ report: Report) throws(ReportStoreError) -> [String] {
        try writers.map { writer throws(ReportStoreError) in
            let buffer = if let buffered = writer as? any BufferedReportWriter {
                buffered.buffer(for: report)
            } else {
                TextBuffer(writer.render(report))
            }
            return try write(buffer, besideReportOf: report, fileExtension: writer.fileExtension)
        }
    }

    /// Writes `text` as the report's file with the given extension (`trace.jsonl`, say), beside its other files.
    @discardableResult
    package func write(_ text: String, besideReportOf report: Report, fileExtension: String) throws(ReportStoreError)
        -> String {
        try write(TextBuffer(text), besideReportOf: report, fileExtension: fileExtension)
    }

    private func write(_ buffer: borrowing TextBuffer, besideReportOf report: Report, fileExtension: String) throws(ReportStoreError)
        -> String {
        let folder = try createFolders(ReportStore.folderComponents(of: report))
        let path = folder + "/" + report.scenario + "." + fileExtension
        try ReportStore.writeAtomically(buffer, to: path)
        return path
    }

    /// Writes `text` as the file `name` straight under the output folder, atomically; `name` must be one safe part.
    @discardableResult
    package func write(_ text: String, toFileNamed name: String) throws(ReportStoreError) -> String {
        guard ReportStore.isSafe(name) else { throw .unsafeComponent(name, path: name) }
        let path = try createFolders([]) + "/" + name
        try ReportStore.writeAtomically(TextBuffer(text), to: path)
        return path
    }

    /// Where the reports of scenario `name` from the file at `suitePath` go, relative to the output folder and without
    /// an extension: `<folder of the suite path>/<name>`.
    package static func reportStem(suitePath: String, scenario name: String) -> String {
        let folder = (suitePath as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + name
    }

    /// The checked folder names between the output folder and the report's files.
    static func folderComponents(of report: Report) throws(ReportStoreError) -> [String] {
        let path = report.suitePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let folders = Array(path.dropLast())
        for component in folders + [report.scenario] where !isSafe(component) {
            throw .unsafeComponent(component, path: report.suitePath)
        }
        return folders
    }

    /// Whether a single path component stays where it is put: not empty, not `.` or `..`, no separators or NUL.
    static func isSafe(_ component: String) -> Bool {
        !component.isEmpty && component != "." && component != ".."
            && !component.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
    }

    /// Creates the output folder and then each subfolder in turn, checking after each that it is still inside.
    private func createFolders(_ components: [String]) throws(ReportStoreError) -> String {
        try ReportStore.createFolder(outputFolder)
        let resolvedRoot = ReportStore.resolved(outputFolder)
        let root = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        var folder = outputFolder
        for component in components {
            folder += "/" + component
            try ReportStore.createFolder(folder)
            guard ReportStore.resolved(folder).hasPrefix(root) else {
                throw .outsideOutputFolder(path: folder, outputFolder: outputFolder)
            }
        }
        return folder
    }

    private static func createFolder(_ path: String) throws(ReportStoreError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: path, reason: error.localizedDescription)
        }
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Writes a temporary file beside `path`, then renames it over `path`, so readers never see half a report.
    private static func writeAtomically(_ buffer: borrowing TextBuffer, to path: String) throws(ReportStoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
        do {
            try buffer.withUnsafeBytes { raw in
                // The bytes are written from where they are, not copied into the Data first.
                let data = raw.baseAddress.map {
                    Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0), count: raw.count, deallocator: .none)
                } ?? Data()
                try data.write(to: URL(fileURLWithPath: temporary))
            }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }
}
