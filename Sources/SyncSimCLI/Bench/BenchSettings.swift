/// What `syncsim bench` measures: the heap workload's size, the load scenario's devices, and the repeats of each.
struct BenchSettings: Equatable {
    static let eventBounds = 1...10_000_000
    static let deviceBounds = 1...10_000
    static let repeatBounds = 1...100
    /// Sizes that take a few seconds in a release build.
    static let standard = BenchSettings(events: 500_000, devices: 500, repeats: 3)

    var events: Int
    var devices: Int
    var repeats: Int

    init(events: Int, devices: Int, repeats: Int) {
        self.events = events
        self.devices = devices
        self.repeats = repeats
    }

    /// Reads `--events`, `--devices` and `--repeat`; a value that is not a number or out of bounds is a usage error.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        let standard = BenchSettings.standard
        events = try arguments.integer(BenchCommand.events, in: BenchSettings.eventBounds) ?? standard.events
        devices = try arguments.integer(BenchCommand.devices, in: BenchSettings.deviceBounds) ?? standard.devices
        repeats = try arguments.integer(BenchCommand.repeats, in: BenchSettings.repeatBounds) ?? standard.repeats
    }
}
