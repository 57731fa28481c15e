import Foundation

/// The bench's table: a row per measurement, each row's cost per operation also given relative to the first row's.
struct BenchTable {
    static let headers = ["measured", "count", "best ms", "ns each", "per second", "x bare heap"]

    var rows: [BenchRow]

    /// The cells under `headers`, row by row.
    var cells: [[String]] {
        let baseline = rows.first?.nanosecondsEach ?? 1
        return rows.map { row in
            [row.name, String(row.count), String(format: "%.1f", row.duration / .milliseconds(1)),
             String(format: "%.1f", row.nanosecondsEach), String(format: "%.0f", row.perSecond),
             String(format: "%.2f", row.nanosecondsEach / baseline)]
        }
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
