/// Starts this program again as a worker for one job and collects what it printed and how it ended.
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

    /// Runs `executable` with `arguments` and nothing on its standard input, to its end.
    static func run(_ executable: String, _ arguments: [String]) -> Ending {
        WorkerSession(executable, arguments).finish()
    }
}
