import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves files under an output folder, atomically and never outside it: a report as `<out>/<folder of its suite path>/<scenario>.<ext>`.
public struct ReportStore: Sendable {
    /// The folder every file is written under, as given but without trailing slashes, so the paths it names have none
    /// doubled.
    public let outputFolder: String
    /// The formats a report is written in, each to its own file.
    public let writers: [any ReportWriter]

    /// A store under `outputFolder` writing Markdown and JSON unless told other writers.
    public init(outputFolder: String, writers: [any ReportWriter] = [MarkdownReportWriter(), JSONReportWriter()]) {
        var folder = Substring(outputFolder)
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        self.outputFolder = String(folder)
        self.writers = writers
    }

    /// Writes the report in every writer's format and returns the paths written, in writer order.
    @discardableResult
    public func write(_ report: Report) throws(ReportStoreError) -> [String] {
        try writers.map { writer throws(ReportStoreError) in
            try write(besideReportOf: report, fileExtension: writer.fileExtension) { buffer in
                if let buffered = writer as? any BufferedReportWriter {
                    buffered.write(report, into: &buffer)
                } else {
                    buffer.append(writer.render(report))
                }
            }
        }
    }

    /// Writes `text` as the report's file with the given extension (`trace.jsonl`, say), beside its other files.
    @discardableResult
    package func write(_ text: String, besideReportOf report: Report, fileExtension: String) throws(ReportStoreError)
        -> String {
        try write(besideReportOf: report, fileExtension: fileExtension) { $0.append(text) }
    }

    /// Writes the file that `fill` makes as the report's file with the given extension.
    private func write(besideReportOf report: Report, fileExtension: String, _ fill: (inout TextBuffer) -> Void)
        throws(ReportStoreError) -> String {
        let folder = try createFolders(ReportStore.folderComponents(of: report))
        let path = folder + "/" + report.scenario + "." + fileExtension
        try ReportStore.writeAtomically(to: path, fill)
        return path
    }

    /// Writes `text` as the file `name` straight under the output folder, atomically; `name` must be one safe part.
    @discardableResult
    package func write(_ text: String, toFileNamed name: String) throws(ReportStoreError) -> String {
        guard ReportStore.isSafe(name) else { throw .unsafeComponent(name, path: name) }
        let path = try createFolders([]) + "/" + name
        try ReportStore.writeAtomically(to: path) { $0.append(text) }
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

    /// Writes a temporary file beside `path` with what `fill` appends, chunk by chunk as it is made, then renames it
    /// over `path`, so readers never see half a report.
    private static func writeAtomically(to path: String, _ fill: (inout TextBuffer) -> Void) throws(ReportStoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = folder + "/." + (path as NSString).lastPathComponent + ".\(getpid()).tmp"
        // A file or link already there (a run that crashed with this process id, or one planted) is removed, and the
        // temporary file is created new: a link put there meanwhile makes the open fail instead of being followed.
        unlink(temporary)
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var failure = FileOutput.fill(file, fill)
        if close(file) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }
}
