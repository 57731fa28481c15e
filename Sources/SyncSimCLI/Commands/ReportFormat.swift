import SyncSimulator

/// A report format `run` can write: a file per scenario (`md`, `json`, `html`) or one for the suite (`junit`).
enum ReportFormat: String, CaseIterable, Sendable {
    case md, json, html, junit

    static let defaults: [ReportFormat] = [.md, .json, .html]

    /// `--format`, the formats `run` writes.
    static let option = OptionSpec(name: "format", valueName: "formats",
                                   help: "Write these report formats, comma-separated:\n"
                                       + "md, json, html (one file per scenario), junit (<out>/junit.xml).",
                                   defaultValue: defaults.map(\.rawValue).joined(separator: ","))

    /// The formats `--format` names, or the defaults.
    static func chosen(_ arguments: ParsedArguments) throws(UsageError) -> [ReportFormat] {
        guard let list = arguments.value(of: option) else { return defaults }
        return try ChoiceList.parse(list, option: "--" + option.name, choices: allCases.map(\.rawValue)) { ReportFormat(rawValue: $0) }
    }

    /// The writer of a per-scenario format; nil for a suite-wide one.
    var writer: (any ReportWriter)? {
        switch self {
        case .md: return MarkdownReportWriter()
        case .json: return JSONReportWriter()
        case .html: return HTMLReportWriter()
        case .junit: return nil
        }
    }
}
