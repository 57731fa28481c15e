#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the CLI writes: standard output and error in a real run, buffers in tests.
public struct Console {
    public var writeOutput: (String) -> Void
    public var writeError: (String) -> Void
    /// Whether standard error is a terminal; progress lines are shown only then.
    public var errorIsTerminal: Bool

    public init(writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void, errorIsTerminal: Bool) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and error.
    public static var standard: Console {
        Console(writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
                writeError: { FileHandle.standardError.write(Data($0.utf8)) },
                errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// Writes one line (or several, separated by line breaks) to standard output.
    func out(_ line: String) {
        writeOutput(line + "\n")
    }

    /// Writes one line (or several, separated by line breaks) to standard error.
    func error(_ line: String) {
        writeError(line + "\n")
    }
}
