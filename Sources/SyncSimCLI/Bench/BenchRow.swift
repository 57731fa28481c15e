/// One line of the bench table: what was measured, and its measurement or why there is none.
struct BenchRow {
    /// A measurement, or why the case could not be measured (a worker that crashed, a run that went wrong).
    enum Outcome: Equatable {
        case measured(BenchMeasurement)
        case failed(String)

        /// The measurement, unless the row failed.
        var measurement: BenchMeasurement? {
            guard case let .measured(measurement) = self else { return nil }
            return measurement
        }
    }

    var name: String
    var outcome: Outcome
    /// The index of an earlier row, a bare heap's, whose 'ns each' this row's 'x bare heap' divides by: the first
    /// row unless set.
    var baseline = 0

    /// The outcome as a worker process prints it: one tab-separated line.
    static func line(_ outcome: Outcome) -> String {
        switch outcome {
        case let .measured(measurement): return "measured\t" + measurement.fields.joined(separator: "\t")
        case let .failed(reason): return "failed\t" + String(reason.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }
    }

    /// Reads a line written by `line`; nil for anything else.
    static func outcome(line: Substring) -> Outcome? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "measured": return BenchMeasurement(fields: fields.dropFirst()).map { .measured($0) }
        case "failed" where fields.count == 2: return .failed(fields[1])
        default: return nil
        }
    }
}
