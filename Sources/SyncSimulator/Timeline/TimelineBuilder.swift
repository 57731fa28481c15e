/// Builds a finished run's Timeline: periods from the scenario's steps, marks from the History and the recorder, and
/// the recorded messages.
enum TimelineBuilder {
    static func timeline(of world: World, recorder: TimelineRecorder) -> Timeline {
        let settle = world.settling ? world.settleStartedAt : world.now
        let devices = world.scenario.devices.map(\.id)
        var marks = history(world.history) + recorder.marks
        marks = marks.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return Timeline(devices: devices,
                        periods: devicePeriods(world.scenario, settle: settle) + serverPeriods(world.scenario, settle: settle),
                        marks: marks, messages: recorder.messages)
    }

    /// The steps in the order they ran.
    private static func steps(_ scenario: Scenario) -> [TimelineStep] {
        scenario.timeline.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// Each device's offline, killed, background, tunnel and partition periods, all ended by settle.
    private static func devicePeriods(_ scenario: Scenario, settle: SimDuration) -> [Timeline.Period] {
        var periods: [Timeline.Period] = []
        for device in scenario.devices {
            var open: [Timeline.PeriodKind: SimDuration] = device.online ? [:] : [.offline: .zero]
            func close(_ kind: Timeline.PeriodKind, at time: SimDuration) {
                guard let start = open.removeValue(forKey: kind) else { return }
                periods.append(Timeline.Period(device: device.id, kind: kind, start: start, end: min(time, settle)))
            }
            for step in steps(scenario) where step.at < settle && step.devices.contains(device.id) {
                switch step.action {
                case .offline: open[.offline] = open[.offline] ?? step.at
                case .online: close(.offline, at: step.at)
                case .kill: open[.killed] = open[.killed] ?? step.at
                case .launch, .reset, .create, .edit, .delete, .increment:
                    close(.killed, at: step.at)
                    if case .launch = step.action { close(.background, at: step.at) }
                case .background: open[.background] = open[.background] ?? step.at
                case .foreground: close(.background, at: step.at)
                case let .tunnel(span, _, _):
                    periods.append(Timeline.Period(device: device.id, kind: .tunnel, start: step.at, end: min(step.at + span, settle)))
                case let .partition(span):
                    periods.append(Timeline.Period(device: device.id, kind: .partition, start: step.at, end: min(step.at + span, settle)))
                default: break
                }
            }
            for kind in open.keys.sorted(by: { $0.rawValue < $1.rawValue }) { close(kind, at: settle) }
        }
        return periods
    }

    /// The server's outages, rate limits and busy zones, all ended by settle.
    private static func serverPeriods(_ scenario: Scenario, settle: SimDuration) -> [Timeline.Period] {
        steps(scenario).compactMap { step in
            let kind: Timeline.PeriodKind, span: SimDuration
            switch step.action {
            case let .outage(duration, _): (kind, span) = (.outage, duration)
            case let .rateLimit(duration, _): (kind, span) = (.rateLimit, duration)
            case let .zoneBusy(duration): (kind, span) = (.zoneBusy, duration)
            default: return nil
            }
            guard step.at < settle else { return nil }
            return Timeline.Period(device: nil, kind: kind, start: step.at, end: min(step.at + span, settle))
        }
    }

    /// User actions, commits, conflicts and resets, from the History.
    private static func history(_ history: History) -> [Timeline.Mark] {
        history.entries.compactMap { entry in
            switch entry {
            case let .action(number):
                let action = history.actions[number]
                return Timeline.Mark(time: action.time, device: action.device.name, kind: action.kind.markKind,
                                     record: action.record.name, detail: action.detail, applied: action.applied)
            case let .commit(time, record, tag, device, _, deleted):
                let by = device.map { " by \($0)" } ?? ""
                return Timeline.Mark(time: time, device: nil, kind: .commit, record: record.name,
                                     detail: "\(record)#\(tag) \(deleted ? "deleted" : "saved")\(by)")
            case let .conflict(time, device, record, outcome, skewed, compared):
                let stamps = compared.map { ", \($0.clock.rawValue) clock: device's change \(ConflictStamp.text($0.local)), server's \(ConflictStamp.text($0.server))" } ?? ""
                return Timeline.Mark(time: time, device: device.name, kind: .conflict, record: record.name,
                                     detail: "conflict on \(record)\(stamps): \(outcome)\(skewed ? " (by true time it would have gone the other way)" : "")")
            case let .reset(time, device, wiped):
                return Timeline.Mark(time: time, device: device.name, kind: .reset, record: nil,
                                     detail: "reset" + (wiped.isEmpty ? "" : ", \(wiped.count) unsent change\(wiped.count == 1 ? "" : "s") lost"))
            case .liveness, .decided:
                return nil
            }
        }
    }
}

extension UserAction.Kind {
    /// The timeline's mark for this kind of action.
    var markKind: Timeline.MarkKind {
        switch self {
        case .create: return .create
        case .edit: return .edit
        case .delete: return .delete
        case .increment: return .increment
        case .decision: return .decision
        }
    }
}

extension UserAction {
    /// `edit fav1: rating = 5, note unset`, `increment song1.plays by 1`, with `(not applied)` where it could not.
    var detail: String {
        let text: String
        switch kind {
        case let .create(fields): text = "create \(record)" + (fields.isEmpty ? "" : ": " + UserAction.assignments(fields))
        case let .edit(set, unset):
            text = "edit \(record): " + ([UserAction.assignments(set)].filter { !$0.isEmpty } + unset.sorted().map { "\($0) unset" })
                .joined(separator: ", ")
        case .delete: text = "delete \(record)"
        case let .increment(field, by): text = "increment \(record).\(field) by \(FieldValue.format(by))"
        case let .decision(choice): text = "decide \(record): \(choice.rawValue)"
        }
        return "\(device): \(text)" + (applied ? "" : " (not applied: \(record) is not on \(device))")
    }

    private static func assignments(_ fields: Fields) -> String {
        fields.keys.sorted().map { "\($0) = \(fields[$0]!)" }.joined(separator: ", ")
    }
}
