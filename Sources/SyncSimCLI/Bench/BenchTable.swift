import Foundation
import SyncSimulator

/// The bench's table: a row per measurement, each row's cost per operation also given relative to a bare heap's.
struct BenchTable {
    static let headers = ["measured", "count", "best ms", "ns each", "per second", "x bare heap", "reports ms", "peak MB"]

    var rows: [BenchRow]

    /// The cells under `headers`, row by row; `-` where a row has no such figure, every figure of a failed row.
    var cells: [[String]] {
        rows.map { row in
            let baseline = rows[row.baseline].outcome.measurement?.nanosecondsEach ?? 1
            guard let measured = row.outcome.measurement else {
                return [row.name] + Array(repeating: "-", count: BenchTable.headers.count - 1)
            }
            return [row.name, String(measured.count), String(format: "%.1f", measured.duration / .milliseconds(1)),
                    String(format: "%.1f", measured.nanosecondsEach), String(format: "%.0f", measured.perSecond),
                    String(format: "%.2f", measured.nanosecondsEach / baseline),
                    measured.reportsDuration.map { String(format: "%.1f", $0 / .milliseconds(1)) } ?? "-",
                    measured.peakMegabytes.map(String.init) ?? "-"]
        }
    }

    /// Each failed row's name and why it failed, one per line.
    var failures: [String] {
        rows.compactMap { row in
            guard case let .failed(reason) = row.outcome else { return nil }
            return "\(row.name): \(reason)"
        }
    }

    /// The table as JSON for `--json`: the machine's cores, the build, the settings and every row; a figure a row does
    /// not have is null, and a failed row has its `error` instead of figures.
    func json(settings: BenchSettings) -> JSONValue {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        return .object([
            ("cores", .int(ProcessInfo.processInfo.activeProcessorCount)),
            ("configuration", .string(configuration)),
            ("settings", .object([("events", .int(settings.events)), ("devices", .int(settings.devices)),
                                  ("repeat", .int(settings.repeats)), ("seeds", .int(settings.seeds)),
                                  ("actions", .int(settings.actions)), ("scaleUpTo", .int(settings.scaleUpTo)),
                                  ("scaleCases", .array(settings.scaleKinds.map { .string($0.rawValue) }))])),
            ("rows", .array(zip(rows, cells).map { row, cells in
                switch row.outcome {
                case let .failed(reason):
                    return .object([("measured", .string(row.name)), ("error", .string(reason))])
                case let .measured(measured):
                    return .object([("measured", .string(row.name)), ("count", .int(measured.count)),
                                    ("bestMilliseconds", .number(cells[2])), ("nanosecondsEach", .number(cells[3])),
                                    ("perSecond", .number(cells[4])), ("xBareHeap", .number(cells[5])),
                                    ("reportsMilliseconds", measured.reportsDuration == nil ? .null : .number(cells[6])),
                                    ("peakMegabytes", measured.peakMegabytes.map { .int($0) } ?? .null)])
                }
            })),
        ])
    }

    /// The table as text: the first column left-aligned, the numbers right-aligned, two spaces between columns.
    var text: String {
        let lines = [BenchTable.headers] + cells
        let widths = BenchTable.headers.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        return lines.map { line in
            line.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
