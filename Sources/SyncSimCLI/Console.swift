#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SyncSimulator

/// Where the CLI writes: standard output and error in a real run, buffers in tests.
public struct Console {
    public var writeOutput: (String) -> Void
    public var writeError: (String) -> Void
    /// Whether standard error is a terminal; progress lines are shown only then.
    public var errorIsTerminal: Bool
    /// Each stream that could not be written, with the system's reason (`standard output: Broken pipe`).
    public var writeFailures: () -> [String]

    public init(writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void, errorIsTerminal: Bool,
                writeFailures: @escaping () -> [String] = { [] }) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
        self.writeFailures = writeFailures
    }

    /// The process's standard output and error; a write that fails is remembered in `writeFailures`, never a trap.
    public static var standard: Console {
        let output = StandardStream(STDOUT_FILENO, name: "standard output")
        let error = StandardStream(STDERR_FILENO, name: "standard error")
        return Console(writeOutput: output.write, writeError: error.write, errorIsTerminal: isatty(STDERR_FILENO) != 0,
                       writeFailures: { [output, error].compactMap(\.failureDescription) })
    }

    /// Writes one line (or several, separated by line breaks) to standard output, control characters escaped.
    func out(_ line: String) {
        writeOutput(line.escapingControlCharacters(keeping: ["\n", "\t"]) + "\n")
    }

    /// Writes one line (or several, separated by line breaks) to standard error, control characters escaped.
    func error(_ line: String) {
        writeError(line.escapingControlCharacters(keeping: ["\n", "\t"]) + "\n")
    }
}
