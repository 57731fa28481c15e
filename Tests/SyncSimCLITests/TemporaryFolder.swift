import Foundation

/// A fresh folder under the system's temporary folder, removed after `body` returns.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("syncsim-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Writes `files` (relative path → contents) under `folder`, creating subfolders.
func writeFiles(_ files: [String: String], under folder: String) throws {
    for (path, contents) in files {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try contents.write(toFile: full, atomically: false, encoding: .utf8)
    }
}
