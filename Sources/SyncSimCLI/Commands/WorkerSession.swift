#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A worker process this program started, given lines on its standard input and read line by line from its output.
///
/// A campaign keeps one per thread for as long as its worker lives, so a process is started once, not per chunk of
/// seeds. Its end is awaited through `terminationHandler`, called as soon as it is reaped: Foundation's
/// `waitUntilExit` polls every 50 ms on Linux.
final class WorkerSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    /// Standard error goes to a file, not a third pipe: reading one pipe while the worker fills another could block
    /// both.
    private let errorPath: String
    private let errorFile: FileHandle?
    private let ended = DispatchSemaphore(value: 0)
    /// Bytes read from standard output, of which those from `lineStart` on have not been returned as a line yet.
    private var pending: [UInt8] = []
    private var lineStart = 0
    /// Whether the worker's standard output has ended.
    private var outputEnded = false
    /// Whether the process could be started.
    let started: Bool

    /// A write to the standard input of a worker that has ended must fail, not end this process with SIGPIPE.
    private static let brokenPipesIgnored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Starts `executable` with `arguments`.
    init(_ executable: String, _ arguments: [String]) {
        WorkerSession.brokenPipesIgnored
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("syncsim-worker-\(UUID().uuidString).err").path
        errorFile = FileManager.default.createFile(atPath: errorPath, contents: nil)
            ? FileHandle(forWritingAtPath: errorPath) : nil
        process.standardError = errorFile ?? FileHandle.nullDevice
        let ended = self.ended
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
            started = true
        } catch {
            started = false
        }
    }

    deinit {
        try? errorFile?.close()
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    /// Writes one line to the worker's standard input; false when it cannot be written (the worker has ended).
    @discardableResult
    func send(_ line: String) -> Bool {
        guard started else { return false }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            return true
        } catch {
            return false
        }
    }

    /// The next line the worker printed, without its line break; nil once its output has ended.
    func readLine() -> String? {
        guard started else { return nil }
        while true {
            if let newline = pending[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { lineStart = newline + 1 }
                return String(decoding: pending[lineStart..<newline], as: UTF8.self)
            }
            guard !outputEnded else {
                guard lineStart < pending.count else { return nil }
                defer { lineStart = pending.count }
                return String(decoding: pending[lineStart...], as: UTF8.self)
            }
            pending.removeSubrange(..<lineStart)
            lineStart = 0
            readMore()
        }
    }

    /// Reads what the worker has printed, waiting for some; marks the output ended at its end.
    private func readMore() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += chunk[..<count]
                return
            }
            if count < 0 && errno == EINTR { continue }
            outputEnded = true
            return
        }
    }

    /// Closes the worker's standard input, reads what it still prints, waits for it to end, and says how it ended.
    func finish() -> WorkerProcess.Ending {
        guard started else { return WorkerProcess.Ending(output: "", crashed: true, status: -1) }
        try? input.fileHandleForWriting.close()
        while !outputEnded { readMore() }
        let rest = pending[lineStart...]
        ended.wait()
        // Returns at once now that the worker has ended, and lets go of what Foundation keeps for the process
        // (without it, each worker would leak a descriptor until a campaign ran out of them).
        process.waitUntilExit()
        let complaint = FileManager.default.contents(atPath: errorPath).flatMap { errors in
            String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
        }
        return WorkerProcess.Ending(output: String(decoding: rest, as: UTF8.self),
                                    crashed: process.terminationReason == .uncaughtSignal,
                                    status: process.terminationStatus, complaint: complaint)
    }
}
