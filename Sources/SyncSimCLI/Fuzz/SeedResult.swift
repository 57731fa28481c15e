import SyncSimulator

/// What became of one seed of a campaign, as a worker process reports it to the campaign in one line.
struct SeedResult: Sendable {
    var seed: UInt64
    var failure: FuzzFailure?
    /// The hash of the run's trace, when determinism is checked.
    var traceHash: String?
    /// Timeline steps of the generated scenario and of its shrunk form.
    var steps = 0
    var minimalSteps: Int?
    /// Why the failure's files could not be written, if they could not.
    var writeError: String?

    /// The line a worker prints after the results of each chunk of seeds it was given.
    static let endOfChunk = "end"

    /// Tab-separated fields; tabs and line breaks inside the sentence become spaces.
    var line: String {
        let fields: [String] = [
            String(seed), failure?.kind.rawValue ?? "pass", traceHash ?? "-", String(steps),
            minimalSteps.map(String.init) ?? "-", failure?.record ?? "-", failure?.device ?? "-",
            writeError.map(SeedResult.flat) ?? "-", failure.map { SeedResult.flat($0.sentence) } ?? "-",
        ]
        return fields.joined(separator: "\t")
    }

    init(seed: UInt64, failure: FuzzFailure? = nil, traceHash: String? = nil, steps: Int = 0) {
        self.seed = seed
        self.failure = failure
        self.traceHash = traceHash
        self.steps = steps
    }

    /// Reads a line written by `line`; nil for anything else.
    init?(line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 9, let seed = UInt64(fields[0]), let steps = Int(fields[3]) else { return nil }
        self.seed = seed
        self.steps = steps
        traceHash = fields[2] == "-" ? nil : fields[2]
        minimalSteps = Int(fields[4])
        writeError = fields[7] == "-" ? nil : fields[7]
        if fields[1] != "pass" {
            guard let kind = FuzzFailure.Kind(rawValue: fields[1]) else { return nil }
            failure = FuzzFailure(kind: kind, record: fields[5] == "-" ? nil : fields[5],
                                  device: fields[6] == "-" ? nil : fields[6], sentence: fields[8])
        }
    }

    private static func flat(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// `seed-17.json`, the failing scenario as generated; `seed-17-min.json`, shrunk.
    static func fileName(_ seed: UInt64, minimal: Bool) -> String {
        "seed-\(seed)" + (minimal ? "-min" : "") + ".json"
    }
}
