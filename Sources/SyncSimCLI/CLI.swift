import SyncSimulator

/// The command line: parses arguments, runs, writes reports, and returns the exit code.
public enum CLI {
    /// The version `syncsim --version` prints.
    public static let version = "0.1.0"

    public static func main(_ arguments: [String]) -> Int32 {
        main(arguments, environment: .standard)
    }

    /// Runs with the given console, loader and simulation; tests pass fakes.
    /// A console that could not be written is reported on whichever stream still works and turns success into 74.
    public static func main(_ arguments: [String], environment: Environment) -> Int32 {
        let code = RootCommand.run(arguments, in: environment)
        let failures = environment.console.writeFailures()
        guard !failures.isEmpty else { return code.rawValue }
        for failure in failures {
            environment.console.error("Error: cannot write \(failure); the rest of that output was dropped")
        }
        return (code == .success ? ExitCode.consoleUnwritable : code).rawValue
    }
}
