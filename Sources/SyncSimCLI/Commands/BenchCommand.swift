import Foundation
import SyncSimulator

/// `syncsim bench`: times a bare binary heap, the engine's event queue, whole simulations and the scale cases (each in a
/// worker process of its own), and prints a table.
enum BenchCommand {
    static let events = option("events", help: "Events popped in the hold-model row", bounds: BenchSettings.eventBounds,
                               defaultValue: BenchSettings.standard.events)
    static let devices = option("devices", help: "Devices in the generated load scenario", bounds: BenchSettings.deviceBounds,
                                defaultValue: BenchSettings.standard.devices)
    static let repeats = option("repeat", help: "Runs of each measurement, the fastest counting", bounds: BenchSettings.repeatBounds,
                                defaultValue: BenchSettings.standard.repeats)
    static let seeds = option("seeds", help: "Seeds of the fuzz rows, 3 devices and 50 actions each", bounds: BenchSettings.seedBounds,
                              defaultValue: BenchSettings.standard.seeds)
    static let actions = option("actions", help: "User actions of the realistic scenario", bounds: BenchSettings.actionBounds,
                                defaultValue: BenchSettings.standard.actions)
    static let scaleUpTo = option("scale-up-to", help: "Events of the largest busy run (runs at 10^4, 10^5, ...)",
                                  bounds: BenchSettings.scaleBounds, defaultValue: BenchSettings.standard.scaleUpTo)
    static let scaleCases = OptionSpec(name: "scale-cases", valueName: "cases",
                                       help: "Measure these scale cases, comma-separated: busy,\n"
                                           + "records, devices (the last two are slower).",
                                       defaultValue: BenchSettings.standard.scaleKinds.map(\.rawValue).joined(separator: ","))
    /// A worker process: measure this one scale case and print its outcome line.
    static let workerCase = OptionSpec(name: "worker-case", valueName: "case", help: "", isHidden: true)
    static let json = OptionSpec(name: "json", valueName: "file",
                                 help: "Also write the table as JSON to this file, with the machine's\ncore count and the build configuration.")
    static let writeScenarios = OptionSpec(name: "write-scenarios", valueName: "folder",
                                           help: "Measure nothing: write the scenarios the other options choose\n"
                                               + "to this folder, for 'syncsim run' to time one by one.")

    static let spec = CommandSpec(
        qualifiedName: "syncsim bench",
        abstract: "Measure the engine's cost per event against a bare binary heap.",
        discussion: """
            Times each row as the fastest of '--repeat' runs. The heap rows replay the
            event queue's work in two runs, the realistic one and the load one below,
            recorded once: every push and pop in the run's order, first on a bare binary
            heap of (time, sequence) pairs written in the bench, then on the engine's
            queue with the run's own events, moved in and out as the run moves them; both
            must pop in one order. Then the engine's queue in the hold model that event
            libraries are compared by (SimPy's empty timeouts): 1,000 timers pending,
            each pop scheduling the next, '--events' pops. The whole-simulation row runs
            the load run: a generated scenario in which '--devices' offline devices
            increment one counter and reconnect at settle under a rate limit. The
            realistic row runs a generated scenario of 5 devices, up to 1,000 records,
            '--actions' user actions, loss and faults; the loading row reads that
            scenario back from its file's text, as 'run' loads a file. The fuzz rows
            run '--seeds' generated scenarios (3 devices, 50 actions) and check them as
            'fuzz' does, without writing files: on one core, then on every core in
            threads.
            The scale rows run once each, every one in a process of its own: the busy
            runs ('busy'), 10 devices editing and incrementing 100 records, stopped at
            10^4, 10^5, ... events up to '--scale-up-to', to show whether the cost per
            event stays flat; 'records', 10 devices holding 100,000 records and editing
            300 each, run to quiet and its reports written as 'run --format md,json'
            writes them; 'devices', 10,000 devices without pushes, refreshing every 15
            minutes and sharing 100 records, each writing 3 times over a day, run to
            quiet.
            'ns each' is per push and pop for the heaps, per event for the simulations
            and per seed for fuzz; 'x bare heap' divides it by the bare heap's of the
            same run for an engine queue row, and by the first row's otherwise; 'reports
            ms' is the part of 'best ms' spent writing reports; 'peak MB' is the peak
            resident memory of a scale row's own process, '-' for the rows that share
            the bench's process.

            With '--write-scenarios', nothing is measured: the realistic and load
            scenarios and the chosen scale cases are written as scenario files, for
            'syncsim run' to time as a whole process, loading and reports included. A busy
            run's file ends BUDGET EXHAUSTED by design (exit code 1): its event budget
            stops it.
            Exit codes: 0 measured (or the scenarios written); 1 the engine queue and the
            bare heap popped a run's events in different orders, the hold model popped out
            of time order, the load scenario failed, or a scale case failed (its process
            crashed, a busy run went quiet before its budget, a run to quiet failed its
            expectations); 64 bad usage; 73 a scenario file could not be written.
            """,
        options: [events, devices, repeats, seeds, actions, scaleUpTo, scaleCases, json, writeScenarios, workerCase, .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        let settings = try BenchSettings(arguments)
        if let token = arguments.value(of: workerCase) {
            return try measureAsWorker(token, in: environment)
        }
        if let folder = arguments.value(of: writeScenarios) {
            for measuring in [events, repeats, seeds, json] where !arguments.values(of: measuring).isEmpty {
                throw .invalidValue(option: "--" + measuring.name,
                                    reason: "give either '--\(measuring.name)' or '--write-scenarios', which measures nothing, not both")
            }
            return writeScenarios(BenchScenarios(settings), to: folder, in: environment)
        }
        #if DEBUG
        environment.console.error("warning: this is a debug build; measure with 'swift run -c release syncsim bench'")
        #endif
        do {
            let table = try measure(settings, executable: environment.executable) { environment.simulate($0, false) }
            environment.console.out("best of \(settings.repeats); \(settings.events) hold-model events; \(settings.devices) devices; "
                + "\(settings.actions) realistic actions; \(settings.seeds) fuzz seeds; scale cases: "
                + settings.scaleKinds.map { $0 == .busy ? "busy up to \(settings.scaleUpTo) events" : $0.rawValue }
                    .joined(separator: ", "))
            environment.console.out(table.text)
            if let file = arguments.value(of: json) {
                try Data(table.json(settings: settings).rendered().utf8).write(to: URL(fileURLWithPath: file))
                environment.console.out("Wrote \(file)")
            }
            for failure in table.failures { environment.console.error("Error: \(failure)") }
            return table.failures.isEmpty ? .success : .failure
        } catch {
            environment.console.error("Error: \(error)")
            return .failure
        }
    }

    /// Writes the bench's scenarios as files under `folder` and says how to time one; exits 73 when one cannot be written.
    private static func writeScenarios(_ scenarios: BenchScenarios, to folder: String, in environment: Environment) -> ExitCode {
        do {
            let paths = try scenarios.write(to: folder)
            environment.console.out("Wrote \(paths.count) scenario files:")
            for path in paths { environment.console.out("  \(path)") }
            environment.console.out("Time one as a whole process, reports included, with e.g.\n"
                + "  /usr/bin/time -v syncsim run \(paths.last!) --format md,json")
            return .success
        } catch {
            environment.console.error("Error: \(error)")
            return .cannotWriteReport
        }
    }

    /// A worker process: measures the scale case `token` names and prints its outcome line with this process's peak
    /// memory; exits 1 when the case failed.
    private static func measureAsWorker(_ token: String, in environment: Environment) throws(UsageError) -> ExitCode {
        guard let scaleCase = ScaleCase(token: token) else {
            throw .invalidValue(option: "--" + workerCase.name, reason: "no scale case is named '\(token)'")
        }
        var outcome = scaleCase.measure { environment.simulate($0, false) }
        if case var .measured(measurement) = outcome {
            measurement.peakMegabytes = PeakMemory.megabytes
            outcome = .measured(measurement)
        }
        environment.console.out(BenchRow.line(outcome))
        return outcome.measurement == nil ? .failure : .success
    }

    /// Times the bare heap, the engine queue and the simulations in this process, and checks that each did its work
    /// correctly; then each scale case in a worker process started from `executable`, or in this process without one.
    static func measure(_ settings: BenchSettings, executable: String?,
                        simulate: (Scenario) -> Report) throws(BenchError) -> BenchTable {
        var rows: [BenchRow] = []
        /// Runs `work` as the fastest of `repeats`, adds its row, compared with the row `baseline`, and returns what it
        /// returned.
        func measured<Result>(_ name: String, baseline: Int = 0, count: (Result) -> Int, _ work: () -> Result) -> Result {
            measured(name, baseline: baseline, count: count, prepare: {}) { _ in work() }
        }
        /// The same, timing `work` alone on what `prepare` made for it.
        func measured<State: ~Copyable, Result>(_ name: String, baseline: Int = 0, count: (Result) -> Int,
                                                prepare: () -> State, _ work: (inout State) -> Result) -> Result {
            let timed = Benchmark.fastest(of: settings.repeats, prepare: prepare, work)
            rows.append(BenchRow(name: name, outcome: .measured(BenchMeasurement(count: count(timed.result),
                                                                                   duration: timed.duration)),
                                 baseline: baseline))
            return timed.result
        }
        let scenarios = BenchScenarios(settings)
        let (realistic, load) = (scenarios.realistic, scenarios.load)
        /// Replays the queue operations of a run of `scenario` on the bare heap, then on the engine's queue, compared
        /// with that bare heap; both must pop in one order.
        func replayed(_ scenario: Scenario, as run: String) throws(BenchError) {
            let recording = Simulation(scenario: scenario).recordQueue()
            let baseline = rows.count
            let bare = measured("bare heap, \(run) run", baseline: baseline, count: { _ in recording.pushes }) {
                BareHeap.replay(recording.steps)
            }
            let engine = measured("engine queue, \(run) run", baseline: baseline, count: { _ in recording.pushes },
                                  prepare: { QueueRecording.Replay(recording) }) { $0.run() }
            guard bare == engine else { throw .orderMismatch }
        }
        try replayed(realistic, as: "realistic")
        try replayed(load, as: "load")
        let pending = min(1_000, settings.events)
        let held = measured("engine queue, hold \(pending)", count: { $0 }) {
            HoldWorkload(count: settings.events).runHold(pending: pending)
        }
        guard held == settings.events else { throw .holdOutOfOrder }
        let loaded = measured("whole simulation", count: \.counters.events) { simulate(load) }
        guard loaded.passed else { throw .loadScenarioFailed(loaded.failureReason) }
        _ = measured("realistic simulation", count: \.counters.events) { simulate(realistic) }
        let realisticFile = Array(ScenarioEncoder.text(of: realistic).utf8)
        let reloaded = measured("loading the realistic file", count: { (try? $0.get())?.timeline.count ?? 0 }) {
            ScenarioLoader.parse(realisticFile, file: realistic.name + ".json")
        }
        switch reloaded {
        case let .success(loaded) where loaded != realistic: throw .realisticFileReadsBack(nil)
        case let .failure(error): throw .realisticFileReadsBack(error.description)
        case .success: break
        }
        let seeds = (1...UInt64(settings.seeds)).map { $0 }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        _ = measured("fuzz seeds, 1 core", count: { $0 }) { Fuzzer().campaign(seeds: seeds, jobs: 1).count }
        _ = measured("fuzz seeds, \(cores) cores", count: { $0 }) { Fuzzer().campaign(seeds: seeds, jobs: cores).count }
        for scaleCase in scenarios.scaleCases {
            let outcome = executable.map { scaleCase.measure(inWorker: $0) } ?? scaleCase.measure(simulate: simulate)
            rows.append(BenchRow(name: scaleCase.name, outcome: outcome))
        }
        return BenchTable(rows: rows)
    }

    private static func option(_ name: String, help: String, bounds: ClosedRange<Int>, defaultValue: Int) -> OptionSpec {
        OptionSpec(name: name, valueName: "n", help: help + ", \(bounds.lowerBound) to \(bounds.upperBound).",
                   defaultValue: String(defaultValue))
    }
}
