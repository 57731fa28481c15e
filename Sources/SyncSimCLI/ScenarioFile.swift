import Foundation

/// A scenario file found on disk: the path to open and show, its place in its suite, and how to name it again.
struct ScenarioFile: Equatable {
    /// The path as the user gave it, joined with the file's place under a folder they gave.
    var path: String
    /// The path relative to the suite root, with forward slashes; reports mirror it.
    var suitePath: String
    /// The path however it was typed (`./Scenarios//x.json`, absolute), folded to one spelling that reruns it from
    /// the current directory: relative to it when the file lies under it, else absolute.
    var rerunPath: String

    init(path: String, suitePath: String, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.path = path
        self.suitePath = suitePath
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            .standardizedFileURL.path
        let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        rerunPath = absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : absolute
    }
}
