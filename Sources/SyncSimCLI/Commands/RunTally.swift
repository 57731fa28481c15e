/// Counts a run's scenarios by outcome and turns them into the summary line and the exit code.
struct RunTally {
    var passed = 0
    var failed = 0
    var invalid = 0

    var summary: String {
        let total = passed + failed + invalid
        return "\(total) scenario\(total == 1 ? "" : "s"): \(passed) passed, \(failed) failed, \(invalid) invalid"
    }

    /// Invalid files first (65), then failed runs (1), else success.
    var exitCode: ExitCode {
        if invalid > 0 { return .invalidScenario }
        return failed > 0 ? .failure : .success
    }
}
