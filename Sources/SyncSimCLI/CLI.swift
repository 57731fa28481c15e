import SyncSimulator

/// The command line: parses arguments, runs, writes reports, and returns the exit code.
public enum CLI {
    /// The version `syncsim --version` prints.
    public static let version = "0.1.0"

    public static func main(_ arguments: [String]) -> Int32 {
        main(arguments, environment: .standard)
    }

    /// Runs with the given console, loader and simulation; tests pass fakes.
    public static func main(_ arguments: [String], environment: Environment) -> Int32 {
        RootCommand.run(arguments, in: environment).rawValue
    }
}
