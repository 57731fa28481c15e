extension Report {
    /// One paragraph for a test's failure message: the verdict, each failed expectation, and every anomaly's sentence.
    public var summary: String {
        var parts = ["\(result.label): \(scenario) (seed \(seed), \(strategy))."]
        let failed = expectations.filter { !$0.held }
        if !failed.isEmpty {
            parts.append("Failed: " + failed.map { "\($0.key) expected \($0.expected), found \($0.actual)" }
                .joined(separator: "; ") + ".")
        }
        if result == .budgetExhausted { parts.append("The run reached a limit before it ended.") }
        parts += anomalies.map(\.sentence)
        if anomalies.isEmpty { parts.append("No anomalies.") }
        return parts.joined(separator: " ")
    }
}
