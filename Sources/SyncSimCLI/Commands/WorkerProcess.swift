import Foundation

/// Starts this program again as a worker and collects what it printed and how it ended.
enum WorkerProcess {
    /// How a worker ended.
    struct Ending {
        var output: String
        /// Ended by a signal (a trap inside the simulator), not by exiting.
        var crashed: Bool
        var status: Int32
    }

    static func run(_ executable: String, _ arguments: [String]) -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Ending(output: "", crashed: true, status: -1)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Ending(output: String(decoding: data, as: UTF8.self),
                      crashed: process.terminationReason == .uncaughtSignal, status: process.terminationStatus)
    }
}
