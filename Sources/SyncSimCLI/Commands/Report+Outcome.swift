import SyncSimulator

extension Report {
    /// `PASS  name  seed=1  quiet at 5m` or `FAIL  name  seed=1  <why>`.
    var outcomeLine: String {
        guard passed else { return "FAIL  \(scenario)  seed=\(seed)  \(failureReason)" }
        return "PASS  \(scenario)  seed=\(seed)  " + (quietAt.map { "quiet at \($0)" } ?? "never quiet")
    }

    /// One phrase saying why the run failed: budget exhausted, else the first failed expectation, else never quiet.
    var failureReason: String {
        if result == .budgetExhausted { return "budget exhausted" }
        if let failed = expectations.first(where: { !$0.held }) {
            return "\(failed.key): expected \(failed.expected), found \(failed.actual)"
        }
        return quietAt == nil ? "never quiet" : "failed"
    }
}
