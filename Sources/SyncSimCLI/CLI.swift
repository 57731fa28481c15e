import SyncSimulator

/// The command line: parses arguments, runs, writes reports, and returns the exit code.
public enum CLI {
    public static func main(_ arguments: [String]) -> Int32 { 0 }
}
