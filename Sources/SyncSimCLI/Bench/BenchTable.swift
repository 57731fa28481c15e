import Foundation
import SyncSimulator

/// The bench's table: a row per measurement, each row's cost per operation also given relative to the first row's.
struct BenchTable {
    static let headers = ["measured", "count", "best ms", "ns each", "per second", "x bare heap", "peak MB"]

    var rows: [BenchRow]

    /// The cells under `headers`, row by row.
    var cells: [[String]] {
        let baseline = rows.first?.nanosecondsEach ?? 1
        return rows.map { row in
            [row.name, String(row.count), String(format: "%.1f", row.duration / .milliseconds(1)),
             String(format: "%.1f", row.nanosecondsEach), String(format: "%.0f", row.perSecond),
             String(format: "%.2f", row.nanosecondsEach / baseline), String(row.peakMegabytes)]
        }
    }

    /// The table as JSON for `--json`: the machine's cores, the build, the settings and every row.
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
                                  ("actions", .int(settings.actions)), ("scaleUpTo", .int(settings.scaleUpTo))])),
            ("rows", .array(zip(rows, cells).map { row, cells in
                .object([("measured", .string(row.name)), ("count", .int(row.count)),
                         ("bestMilliseconds", .number(cells[2])), ("nanosecondsEach", .number(cells[3])),
                         ("perSecond", .number(cells[4])), ("xBareHeap", .number(cells[5])),
                         ("peakMegabytes", .int(row.peakMegabytes))])
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
