import SyncSimulator

extension Report {
    /// `PASS  name  seed=1  converged at 5m`, or `FAIL  name  seed=1  <why>  rerun: <command>`.
    var outcomeLine: String {
        guard passed else { return "FAIL  \(scenario)  seed=\(seed)  \(failureReason)  rerun: \(repro)" }
        return "PASS  \(scenario)  seed=\(seed)  \(convergence)"
    }

    /// `converged at 5m` when the run went quiet with every device showing the server's records, otherwise
    /// `did not converge: ` and why, as the `converged` expectation says it.
    var convergence: String {
        if let quietAt, devices.allSatisfy(\.matchesServer) { return "converged at \(quietAt)" }
        let why = expectations.first { $0.key == "converged" }?.actual
        return "did not converge: " + (why ?? (quietAt == nil ? "never quiet" : "a device differs from the server"))
    }

    /// One phrase saying why the run failed: the limit that exhausted its budget, else the first failed expectation,
    /// else never quiet.
    var failureReason: String {
        if result == .budgetExhausted {
            return expectations.first { $0.key == "converged" && $0.actual.hasPrefix("budget exhausted") }?.actual ?? "budget exhausted"
        }
        if let failed = expectations.first(where: { !$0.held }) {
            return "\(failed.key): expected \(failed.expected), found \(failed.actual)"
        }
        return quietAt == nil ? "never quiet" : "failed"
    }
}
