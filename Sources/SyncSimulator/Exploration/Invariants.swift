/// What `fuzz` requires of every run, whatever the scenario expects: the invariants a correct client keeps.
public enum Invariants {
    /// Every broken invariant of a finished run, first failure first (in the order of `FuzzFailure.Kind`). Zombies and
    /// lost updates with a cause (a concurrent change, a reset) are not failures: a correct client has them too.
    public static func failures(in report: Report) -> [FuzzFailure] {
        var found: [FuzzFailure] = []
        for anomaly in report.anomalies where anomaly.cause == nil {
            let kind: FuzzFailure.Kind
            switch anomaly.kind {
            case .zombie: kind = .zombie
            case .lostUpdate: kind = .lostUpdate
            case .duplicate: kind = .duplicate
            case .stuck: kind = .stuck
            case .divergence, .resurrectedByEdit, .editDroppedByDelete: continue
            }
            let device = anomaly.record == nil ? anomaly.devices.first : nil
            found.append(FuzzFailure(kind: kind, record: anomaly.record, device: device, sentence: anomaly.sentence))
        }
        if let sentence = nonConvergence(report) {
            let divergence = report.anomalies.first { $0.kind == .divergence }
            found.append(FuzzFailure(kind: .noConvergence, record: divergence?.record, sentence: sentence))
        }
        return found.enumerated().sorted { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }.map(\.element)
    }

    /// Why the run did not converge, or nil when it did.
    private static func nonConvergence(_ report: Report) -> String? {
        if report.result == .budgetExhausted { return "The run exhausted its budget before it went quiet." }
        guard report.quietAt != nil else {
            let actual = report.expectations.first { $0.key == "converged" }?.actual ?? "not quiet"
            return "The run was \(actual)."
        }
        let divergence = report.anomalies.first { $0.kind == .divergence }
        return divergence.map(\.sentence)
    }
}
