extension RunResult {
    /// The headline word of a report: `PASS`, `FAIL` or `BUDGET EXHAUSTED`.
    var label: String {
        switch self {
        case .passed: return "PASS"
        case .failed: return "FAIL"
        case .budgetExhausted: return "BUDGET EXHAUSTED"
        }
    }
}
