import Foundation
import SyncSimulator

/// `syncsim bench`: times a bare binary heap, the engine's event queue and a whole load simulation, and prints a table.
enum BenchCommand {
    static let events = option("events", help: "Pushes, then pops, in each heap workload", bounds: BenchSettings.eventBounds,
                               defaultValue: BenchSettings.standard.events)
    static let devices = option("devices", help: "Devices in the generated load scenario", bounds: BenchSettings.deviceBounds,
                                defaultValue: BenchSettings.standard.devices)
    static let repeats = option("repeat", help: "Runs of each measurement, the fastest counting", bounds: BenchSettings.repeatBounds,
                                defaultValue: BenchSettings.standard.repeats)
    static let seeds = option("seeds", help: "Seeds of the fuzz rows, 3 devices and 50 actions each", bounds: BenchSettings.seedBounds,
                              defaultValue: BenchSettings.standard.seeds)
    static let actions = option("actions", help: "User actions of the realistic scenario", bounds: BenchSettings.actionBounds,
                                defaultValue: BenchSettings.standard.actions)
    static let scaleUpTo = option("scale-up-to", help: "Events of the largest scale row (rows at 10^4, 10^5, ...)",
                                  bounds: BenchSettings.scaleBounds, defaultValue: BenchSettings.standard.scaleUpTo)
    static let json = OptionSpec(name: "json", valueName: "file",
                                 help: "Also write the table as JSON to this file, with the machine's\ncore count and the build configuration.")

    static let spec = CommandSpec(
        qualifiedName: "syncsim bench",
        abstract: "Measure the engine's cost per event against a bare binary heap.",
        discussion: """
            Times three things, each the fastest of '--repeat' runs: a bare binary heap of
            (time, sequence) pairs, the engine's event queue with event-sized payloads
            (both '--events' pushes, then as many pops, of the same seeded times), and a
            whole simulation of a generated load scenario in which '--devices' offline
            devices increment one counter and reconnect at settle under a rate limit.
            The realistic row runs a generated scenario of 5 devices, up to 1,000 records,
            '--actions' user actions, loss and faults. The fuzz rows run '--seeds'
            generated scenarios (3 devices, 50 actions) and check them as 'fuzz' does,
            without writing files: on one core, then on every core in threads. The
            scale rows run a busy scenario (10 devices editing and incrementing 100
            records) to 10^4, 10^5, ... events, up to '--scale-up-to', so the cost per
            event can be seen to stay flat or not.
            'ns each' is per push and pop for the heaps, per event for the simulations
            and per seed for fuzz; 'x bare heap' divides it by the bare heap's; 'peak MB'
            is the process's peak resident memory once the row was done.

            Exit codes: 0 measured; 1 the engine queue and the bare heap popped in
            different orders, or the load scenario failed; 64 bad usage.
            """,
        options: [events, devices, repeats, seeds, actions, scaleUpTo, json, .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        let settings = try BenchSettings(arguments)
        #if DEBUG
        environment.console.error("warning: this is a debug build; measure with 'swift run -c release syncsim bench'")
        #endif
        do {
            let table = try measure(settings) { environment.simulate($0, false) }
            environment.console.out("best of \(settings.repeats); \(settings.events) pushes and pops; \(settings.devices) devices; "
                + "\(settings.actions) realistic actions; \(settings.seeds) fuzz seeds; scale up to \(settings.scaleUpTo) events")
            environment.console.out(table.text)
            if let file = arguments.value(of: json) {
                try Data(table.json(settings: settings).rendered().utf8).write(to: URL(fileURLWithPath: file))
                environment.console.out("Wrote \(file)")
            }
            return .success
        } catch {
            environment.console.error("Error: \(error)")
            return .failure
        }
    }

    /// Times the bare heap, the engine queue and the load simulation, and checks that each did its work correctly.
    static func measure(_ settings: BenchSettings, simulate: (Scenario) -> Report) throws(BenchError) -> BenchTable {
        var rows: [BenchRow] = []
        /// Runs `work` as the fastest of `repeats`, adds its row with the peak memory once it is done, returns it.
        func measured<Result>(_ name: String, repeats: Int = settings.repeats, count: (Result) -> Int,
                              _ work: () -> Result) -> Result {
            let timed = Benchmark.fastest(of: repeats, work)
            rows.append(BenchRow(name: name, count: count(timed.result), duration: timed.duration,
                                 peakMegabytes: PeakMemory.megabytes))
            return timed.result
        }
        let workload = HeapWorkload(count: settings.events)
        let bare = measured("bare heap", count: { _ in settings.events }) { workload.runBareHeap() }
        let engine = measured("engine queue", count: { _ in settings.events }) { workload.runEngineQueue() }
        guard bare == engine else { throw .orderMismatch }
        let scenario = Scenario.reconnectLoad(devices: settings.devices)
        let load = measured("whole simulation", count: \.counters.events) { simulate(scenario) }
        guard load.passed else { throw .loadScenarioFailed(load.failureReason) }
        var realisticSettings = FuzzSettings()
        (realisticSettings.devices, realisticSettings.records, realisticSettings.actions) = (5, 1_000, settings.actions)
        let realistic = ScenarioGenerator.scenario(seed: 1, settings: realisticSettings)
        _ = measured("realistic simulation", count: \.counters.events) { simulate(realistic) }
        let seeds = (1...UInt64(settings.seeds)).map { $0 }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        _ = measured("fuzz seeds, 1 core", count: { $0 }) { Fuzzer().campaign(seeds: seeds, jobs: 1).count }
        _ = measured("fuzz seeds, \(cores) cores", count: { $0 }) { Fuzzer().campaign(seeds: seeds, jobs: cores).count }
        for events in settings.scaleSteps {
            let busy = Scenario.busyLoad(events: events)
            _ = measured("busy run, \(events) events", repeats: 1, count: { $0 }) { simulate(busy).counters.events }
        }
        return BenchTable(rows: rows)
    }

    private static func option(_ name: String, help: String, bounds: ClosedRange<Int>, defaultValue: Int) -> OptionSpec {
        OptionSpec(name: name, valueName: "n", help: help + ", \(bounds.lowerBound) to \(bounds.upperBound).",
                   defaultValue: String(defaultValue))
    }
}
