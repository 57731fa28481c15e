/// The process exit codes of `syncsim`, following sysexits.h where one fits.
public enum ExitCode: Int32, Sendable {
    /// Every scenario passed (or the command succeeded).
    case success = 0
    /// An expectation failed, or a run exhausted its budget.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// A scenario file was invalid (EX_DATAERR); takes precedence over `failure`.
    case invalidScenario = 65
    /// A path does not exist or holds no scenario files (EX_NOINPUT).
    case noInput = 66
    /// A report could not be written (EX_CANTCREAT).
    case cannotWriteReport = 73
    /// Standard output or error could not be written (a closed pipe, a full disk, a closed descriptor) although
    /// everything else succeeded (EX_IOERR); any other code wins over it, since the reports and the verdict still stand.
    case consoleUnwritable = 74
}
