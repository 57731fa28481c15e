import Foundation

/// The `syncsim` executable `swift build` put beside this test bundle, started as a user starts it.
enum BuiltExecutable {
    /// Its path: in the folder of the test bundle (Linux) or of the `.xctest` bundle (macOS).
    static var path: String? {
        let folders = ([Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)).flatMap { [$0, $0.deletingLastPathComponent()] }
        return folders.map { $0.appendingPathComponent("syncsim").path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// How a started process ended, and what it wrote to standard error.
    struct Ending {
        var status: Int32
        /// Ended by a signal (SIGPIPE, a trap), not by exiting.
        var signalled: Bool
        var error: String
    }

    /// Runs `executable` with `arguments` in `directory` (this process's own if nil); `standardOutput` is a `Pipe` or a
    /// `FileHandle`, and `whileRunning` gets the chance to read or close its end before the process is waited for.
    static func run(_ executable: String, _ arguments: [String], standardOutput: Any, in directory: String? = nil,
                    whileRunning: () -> Void = {}) throws -> Ending {
        let process = Process()
        process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = standardOutput
        let errorPipe = Pipe()
        process.standardError = errorPipe
        try process.run()
        whileRunning()
        let error = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ending(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                      error: String(decoding: error, as: UTF8.self))
    }
}
