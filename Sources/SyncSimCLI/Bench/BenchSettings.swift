/// What `syncsim bench` measures: the heap workload's size, the load scenario's devices, and the repeats of each.
struct BenchSettings: Equatable {
    static let eventBounds = 1...10_000_000
    static let deviceBounds = 1...10_000
    static let repeatBounds = 1...100
    static let seedBounds = 1...100_000
    /// Sizes that take a few seconds in a release build.
    static let standard = BenchSettings(events: 500_000, devices: 500, repeats: 3, seeds: 200)

    var events: Int
    var devices: Int
    var repeats: Int
    /// Seeds of the fuzz rows (3 devices, 50 actions each).
    var seeds: Int

    init(events: Int, devices: Int, repeats: Int, seeds: Int) {
        self.events = events
        self.devices = devices
        self.repeats = repeats
        self.seeds = seeds
    }

    /// Reads `--events`, `--devices`, `--repeat` and `--seeds`; a value that is not a number or out of bounds is a usage error.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let standard = BenchSettings.standard
        events = try arguments.integer(BenchCommand.events, in: BenchSettings.eventBounds) ?? standard.events
        devices = try arguments.integer(BenchCommand.devices, in: BenchSettings.deviceBounds) ?? standard.devices
        repeats = try arguments.integer(BenchCommand.repeats, in: BenchSettings.repeatBounds) ?? standard.repeats
        seeds = try arguments.integer(BenchCommand.seeds, in: BenchSettings.seedBounds) ?? standard.seeds
    }
}
