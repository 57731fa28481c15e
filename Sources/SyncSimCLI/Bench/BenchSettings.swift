import SyncSimulator

/// What `syncsim bench` measures: the hold model's size, the load scenario's devices, the repeats of each, and
/// the scale cases.
struct BenchSettings: Equatable {
    static let eventBounds = 1...10_000_000
    static let deviceBounds = 1...10_000
    static let repeatBounds = 1...100
    static let seedBounds = 1...100_000
    static let actionBounds = FuzzSettings.actionBounds
    static let scaleBounds = 10_000...10_000_000
    /// Sizes that take a few seconds in a release build (the scale rows up to 10^6 events, some more).
    static let standard = BenchSettings(events: 500_000, devices: 500, repeats: 3, seeds: 2_000, actions: 10_000,
                                        scaleUpTo: 1_000_000, scaleKinds: [.busy])

    var events: Int
    var devices: Int
    var repeats: Int
    /// Seeds of the fuzz rows (3 devices, 50 actions each): 2,000 by default, most of a second on one core, since a
    /// row of a few hundred seeds moves with every hiccup of a shared machine.
    var seeds: Int
    /// User actions of the realistic scenario (5 devices, up to 1,000 records, faults and loss).
    var actions: Int
    /// The largest run of the scale rows, which run 10^4, 10^5, … events up to it.
    var scaleUpTo: Int
    /// The scale cases measured, each in a process of its own.
    var scaleKinds: [ScaleCase.Kind]

    init(events: Int, devices: Int, repeats: Int, seeds: Int, actions: Int, scaleUpTo: Int, scaleKinds: [ScaleCase.Kind]) {
        self.events = events
        self.devices = devices
        self.repeats = repeats
        self.seeds = seeds
        self.actions = actions
        self.scaleUpTo = scaleUpTo
        self.scaleKinds = scaleKinds
    }

    /// The event counts of the scale rows: 10^4, 10^5, … up to `scaleUpTo`.
    var scaleSteps: [Int] {
        sequence(first: 10_000) { $0 <= scaleUpTo / 10 ? $0 * 10 : nil }.map { $0 }
    }

    /// The scale rows in table order: the busy runs, then the many records, then the many devices, as chosen.
    var scaleCases: [ScaleCase] {
        ScaleCase.Kind.allCases.filter(scaleKinds.contains).flatMap { kind -> [ScaleCase] in
            switch kind {
            case .busy: return scaleSteps.map { .busy(events: $0) }
            case .records: return [.records]
            case .devices: return [.devices]
            }
        }
    }

    /// Reads `--events`, `--devices`, `--repeat`, `--seeds`, `--actions`, `--scale-up-to` and `--scale-cases`; a value
    /// that is not a number, out of bounds or not a known case is a usage error.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let standard = BenchSettings.standard
        events = try arguments.integer(BenchCommand.events, in: BenchSettings.eventBounds) ?? standard.events
        devices = try arguments.integer(BenchCommand.devices, in: BenchSettings.deviceBounds) ?? standard.devices
        repeats = try arguments.integer(BenchCommand.repeats, in: BenchSettings.repeatBounds) ?? standard.repeats
        seeds = try arguments.integer(BenchCommand.seeds, in: BenchSettings.seedBounds) ?? standard.seeds
        actions = try arguments.integer(BenchCommand.actions, in: BenchSettings.actionBounds) ?? standard.actions
        scaleUpTo = try arguments.integer(BenchCommand.scaleUpTo, in: BenchSettings.scaleBounds) ?? standard.scaleUpTo
        scaleKinds = standard.scaleKinds
        if let list = arguments.value(of: BenchCommand.scaleCases) {
            scaleKinds = try ChoiceList.parse(list, option: "--" + BenchCommand.scaleCases.name,
                                              choices: ScaleCase.Kind.allCases.map(\.rawValue)) { ScaleCase.Kind(rawValue: $0) }
        }
    }
}
