import Foundation

/// Starts this program again as a worker and collects what it printed and how it ended.
///
/// The end of a worker is awaited through `terminationHandler`, called as soon as it is reaped: Foundation's
/// `waitUntilExit` polls every 50 ms on Linux, which cost a fuzz campaign of short workers most of its time.
enum WorkerProcess {
    /// How a worker ended.
    struct Ending {
        var output: String
        /// Ended by a signal (a trap inside the simulator), not by exiting.
        var crashed: Bool
        var status: Int32
        /// The last line the worker wrote to standard error, such as a trap's "Fatal error: …", if it wrote one.
        var complaint: String?
    }

    static func run(_ executable: String, _ arguments: [String]) -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        // Standard error goes to a file, not a second pipe: reading one pipe to its end while the worker fills the
        // other could block both.
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("syncsim-worker-\(UUID().uuidString).err").path
        let errorFile = FileManager.default.createFile(atPath: errorPath, contents: nil)
            ? FileHandle(forWritingAtPath: errorPath) : nil
        defer {
            try? errorFile?.close()
            try? FileManager.default.removeItem(atPath: errorPath)
        }
        process.standardError = errorFile ?? FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            return Ending(output: "", crashed: true, status: -1)
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        ended.wait()
        // Returns at once now that the worker has ended, and lets go of what Foundation keeps for the process
        // (without it, each worker would leak a descriptor until a campaign ran out of them).
        process.waitUntilExit()
        let complaint = FileManager.default.contents(atPath: errorPath).flatMap { errors in
            String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
        }
        return Ending(output: String(decoding: data, as: UTF8.self),
                      crashed: process.terminationReason == .uncaughtSignal, status: process.terminationStatus,
                      complaint: complaint)
    }
}
