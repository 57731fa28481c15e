/// Draws a report's timeline as SVG: one lane for the server and one per device, true time compressed across quiet
/// stretches, shaded periods, messages (lost ones marked), marks, and the anomalies numbered on their lanes. Past
/// `fullDetailLimit` items only the anomalies' records are drawn in full and the rest is counted.
struct TimelineSVG {
    let timeline: Timeline
    let report: Report
    /// The marks and messages drawn.
    private let marks: [Timeline.Mark], messages: [Timeline.Message]
    /// A sentence on what was left out; nil when everything is drawn.
    let omitted: String?

    static let fullDetailLimit = 3_000
    private static let left = 130, laneHeight = 56, top = 36

    init(timeline: Timeline, report: Report) {
        self.timeline = timeline
        self.report = report
        (marks, messages, omitted) = TimelineSVG.focused(timeline, report)
    }

    /// Appends the SVG element.
    func draw(into page: inout HTMLPage) {
        let moments = marks.map(\.time) + messages.flatMap { [$0.sent] + ($0.arrived.map { [$0] } ?? []) }
            + timeline.periods.flatMap { [$0.start, $0.end] } + report.anomalies.flatMap(\.times)
            + [.zero, report.settleStartedAt, report.endedAt]
        let axis = TimeAxis(moments: moments, left: TimelineSVG.left + 10)
        let lanes = [nil] + timeline.devices.map { Optional($0) }
        let height = TimelineSVG.top + lanes.count * TimelineSVG.laneHeight + 8
        page.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(axis.end)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(axis.end) \(height)\" role=\"img\" aria-label=\"timeline\">\n")
        page.raw(TimelineSVG.definitions)
        for (index, lane) in lanes.enumerated() {
            let y = TimelineSVG.top + index * TimelineSVG.laneHeight
            page.raw("<g class=\"lane\" data-lane=\"\(HTMLText.escape(lane ?? "server"))\">"
                + "<rect class=\"lane-bg\" x=\"0\" y=\"\(y)\" width=\"\(axis.end)\" height=\"\(TimelineSVG.laneHeight)\"/>"
                + "<text class=\"lane-label\" x=\"8\" y=\"\(y + TimelineSVG.laneHeight / 2 + 4)\">\(HTMLText.escape(lane ?? "server"))</text></g>\n")
        }
        page.raw(axisLine(axis, height: height))
        for period in timeline.periods {
            let y = self.y(period.device) - 20, x0 = axis.x(period.start), x1 = max(axis.x(period.end), x0 + 2)
            page.raw("<rect class=\"period \(period.kind.rawValue)\" x=\"\(x0)\" y=\"\(y)\" width=\"\(x1 - x0)\" height=\"40\">"
                + title("\(lane(period.device)) \(period.kind.rawValue) from \(period.start) to \(period.end)") + "</rect>\n")
        }
        for message in messages { page.raw(draw(message, axis)) }
        for mark in marks { page.raw(draw(mark, axis)) }
        page.raw(anomalyMarkers(axis))
        page.raw("</svg>")
    }

    /// The marks and messages drawn: all of them, or past the limit only those of the anomalies' records (and the
    /// marks of no record but pushes and timeouts).
    private static func focused(_ timeline: Timeline, _ report: Report) -> ([Timeline.Mark], [Timeline.Message], String?) {
        guard timeline.marks.count + timeline.messages.count > TimelineSVG.fullDetailLimit else {
            return (timeline.marks, timeline.messages, nil)
        }
        let records = Set(report.anomalies.compactMap(\.record))
        let marks = timeline.marks.filter { mark in
            mark.record.map(records.contains) ?? (mark.kind != .push && mark.kind != .timeout)
        }
        let messages = timeline.messages.filter { !records.isDisjoint(with: $0.records) }
        let left = timeline.marks.count + timeline.messages.count - marks.count - messages.count
        let sentence = "This run has \(timeline.marks.count + timeline.messages.count) events; the \(marks.count + messages.count) of the anomalies' records (\(records.sorted().joined(separator: ", "))) are drawn and \(left) others are not."
        return (marks, messages, sentence)
    }

    private func y(_ device: String?) -> Int {
        let index = device.flatMap { timeline.devices.firstIndex(of: $0).map { $0 + 1 } } ?? 0
        return TimelineSVG.top + index * TimelineSVG.laneHeight + TimelineSVG.laneHeight / 2
    }

    private func lane(_ device: String?) -> String { device ?? "server" }

    private func title(_ text: String) -> String { "<title>\(HTMLText.escape(text))</title>" }

    /// Time labels along the top, the cuts of long quiet stretches, and the start of settle.
    private func axisLine(_ axis: TimeAxis, height: Int) -> String {
        var svg = ""
        var lastLabel: Int?
        let labelled = [SimDuration.zero, report.settleStartedAt, report.endedAt]
            + timeline.marks.map(\.time) + timeline.periods.map(\.start)
        for time in labelled.sorted() where lastLabel.map({ axis.x(time) - $0 >= 90 }) ?? true {
            let x = axis.x(time)
            lastLabel = x
            svg += "<text class=\"tick\" x=\"\(x)\" y=\"14\">\(time)</text>"
                + "<line class=\"tick\" x1=\"\(x)\" y1=\"18\" x2=\"\(x)\" y2=\"\(TimelineSVG.top)\"/>\n"
        }
        for cut in axis.cuts {
            svg += "<g class=\"cut\"><line x1=\"\(cut.x - 3)\" y1=\"\(TimelineSVG.top)\" x2=\"\(cut.x - 3)\" y2=\"\(height)\"/>"
                + "<line x1=\"\(cut.x + 3)\" y1=\"\(TimelineSVG.top)\" x2=\"\(cut.x + 3)\" y2=\"\(height)\"/>"
                + "<text x=\"\(cut.x)\" y=\"30\">\(cut.gap) cut</text>" + title("\(cut.gap) of quiet time, cut") + "</g>\n"
        }
        let settle = axis.x(report.settleStartedAt)
        svg += "<g class=\"settle\"><line x1=\"\(settle)\" y1=\"18\" x2=\"\(settle)\" y2=\"\(height)\"/>"
            + "<text x=\"\(settle + 3)\" y=\"\(height - 4)\">settle</text>" + title("settle starts at \(report.settleStartedAt)") + "</g>\n"
        return svg
    }

    private func draw(_ message: Timeline.Message, _ axis: TimeAxis) -> String {
        let (from, to) = message.toServer ? (y(message.device), y(nil)) : (y(nil), y(message.device))
        let x0 = axis.x(message.sent)
        let direction = message.toServer ? "request" : "answer"
        let what = "\(message.toServer ? "\(message.device) → server" : "server → \(message.device)"): \(message.summary)"
        guard let arrived = message.arrived else {
            let x1 = x0 + 14, middle = (from + to) / 2
            return "<g class=\"message \(direction) lost\"><line x1=\"\(x0)\" y1=\"\(from)\" x2=\"\(x1)\" y2=\"\(middle)\"/>"
                + "<text class=\"lost-mark\" x=\"\(x1 - 4)\" y=\"\(middle + 4)\">✕</text>"
                + title("\(what), sent at \(message.sent), lost") + "</g>\n"
        }
        return "<line class=\"message \(direction)\" x1=\"\(x0)\" y1=\"\(from)\" x2=\"\(axis.x(arrived))\" y2=\"\(to)\">"
            + title("\(what), sent at \(message.sent), arrived at \(arrived)") + "</line>\n"
    }

    private func draw(_ mark: Timeline.Mark, _ axis: TimeAxis) -> String {
        let x = axis.x(mark.time), y = y(mark.device)
        let hover = title("\(mark.time): \(mark.detail)")
        let record = mark.record.map { " data-record=\"\(HTMLText.escape($0))\"" } ?? ""
        let open = "<g class=\"mark \(mark.kind.rawValue)\"\(record)>"
        switch mark.kind {
        case .commit:
            return open + "<rect x=\"\(x - 4)\" y=\"\(y - 4)\" width=\"8\" height=\"8\"/>" + hover + "</g>\n"
        case .conflict:
            return open + "<polygon points=\"\(x),\(y - 8) \(x + 8),\(y) \(x),\(y + 8) \(x - 8),\(y)\"/>" + hover + "</g>\n"
        case .push:
            return open + "<polygon points=\"\(x - 4),\(y - 16) \(x + 4),\(y - 16) \(x),\(y - 10)\"/>" + hover + "</g>\n"
        case .timeout:
            return open + "<text x=\"\(x - 5)\" y=\"\(y + 18)\">⧗</text>" + hover + "</g>\n"
        case .reset:
            return open + "<rect x=\"\(x - 6)\" y=\"\(y - 12)\" width=\"12\" height=\"24\"/>" + hover + "</g>\n"
        case .create, .edit, .delete, .increment, .decision:
            let notApplied = mark.applied ? "" : " not-applied"
            return "<g class=\"mark \(mark.kind.rawValue)\(notApplied)\"\(record)><circle cx=\"\(x)\" cy=\"\(y)\" r=\"6\"/>"
                + hover + "</g>\n"
        }
    }

    /// Each anomaly numbered at its moments, on the lanes of its devices (the server's when it names none).
    private func anomalyMarkers(_ axis: TimeAxis) -> String {
        var svg = ""
        for (number, anomaly) in report.anomalies.enumerated() {
            let times = anomaly.times.isEmpty ? [report.endedAt] : anomaly.times
            for time in times {
                let x = axis.x(time), y = y(lane(of: anomaly, at: time)) + 14
                svg += "<g class=\"anomaly\" data-anomaly=\"\(number + 1)\"\(anomaly.record.map { " data-record=\"\(HTMLText.escape($0))\"" } ?? "")>"
                    + "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"8\"/><text x=\"\(x)\" y=\"\(y + 4)\">\(number + 1)</text>"
                    + title("\(number + 1). \(anomaly.kind.rawValue): \(anomaly.sentence)") + "</g>\n"
            }
        }
        return svg
    }

    /// The lane an anomaly's moment belongs on: the device of its that acted on its record then, else its first device.
    private func lane(of anomaly: Anomaly, at time: SimDuration) -> String? {
        let acting = timeline.marks.first { mark in
            mark.time == time && mark.record == anomaly.record && mark.device.map(anomaly.devices.contains) == true
        }
        return acting?.device ?? anomaly.devices.first
    }

    /// The hatching tunnels are drawn with.
    private static let definitions = "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"3\" height=\"6\" fill=\"#90caf9\"/></pattern></defs>\n"
}
