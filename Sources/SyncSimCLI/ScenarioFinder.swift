import Foundation

/// Expands command-line paths into scenario files: a file as given, a folder as its `*.json` files, recursively,
/// except JSON Schemas (`*.schema.json`, such as the bundled suite's `scenario.schema.json`).
enum ScenarioFinder {
    /// The files of every path, path by path; within a folder in byte-wise order of their relative paths.
    static func find(_ paths: [String]) throws(ScenarioFinderError) -> [ScenarioFile] {
        var files: [ScenarioFile] = []
        for path in paths { files += try find(path) }
        return files
    }

    /// A file is its own suite root's only member; a folder is the suite root of every `*.json` file under it.
    static func find(_ path: String) throws(ScenarioFinderError) -> [ScenarioFile] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path) }
        guard isFolder.boolValue else {
            return [ScenarioFile(path: path, suitePath: (path as NSString).lastPathComponent)]
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        let relativePaths = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && isRegularFile(prefix + $0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard !relativePaths.isEmpty else { throw .noScenarios(path) }
        return relativePaths.map { ScenarioFile(path: prefix + $0, suitePath: $0) }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
