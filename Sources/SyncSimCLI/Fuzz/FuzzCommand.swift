import Foundation
import SyncSimulator

/// `syncsim fuzz`: generates scenarios from seeds, runs them, and writes each failure as a scenario file, shrunk.
enum FuzzCommand {
    static let defaultOutputFolder = "Reports/fuzz"

    static let seeds = OptionSpec(name: "seeds", valueName: "n", help: "Run seeds 1 to N.", defaultValue: "100")
    static let from = OptionSpec(name: "from", valueName: "seed", help: "The first seed to run (with '--to').")
    static let to = OptionSpec(name: "to", valueName: "seed", help: "The last seed to run, inclusive.")
    static let devices = OptionSpec(name: "devices", valueName: "n", help: "Devices in each scenario, 1 to 20.",
                                    defaultValue: "3")
    static let actions = OptionSpec(name: "actions", valueName: "n", help: "User actions in each scenario, 1 to 10000.",
                                    defaultValue: "50")
    static let strategy = OptionSpec(name: "strategy", valueName: "strategy",
                                     help: "The built-in strategy every scenario runs:\n"
                                         + StrategySpec.builtInNames.joined(separator: ", ") + ".",
                                     defaultValue: "lww")
    static let client = OptionSpec(name: "client", valueName: "key=value",
                                   help: "Set a client option on every device; repeatable\n(e.g. deletes=hard, retry.base=2s).")
    static let jobs = OptionSpec(name: "jobs", valueName: "n",
                                 help: "Worker processes, 1 to 256 (default: one per core).")
    static let shard = OptionSpec(name: "shard", valueName: "k/n",
                                  help: "Run only the seeds with seed % N == K; '--shard N'\ntakes K from JOB_COMPLETION_INDEX.")
    static let timeLimit = OptionSpec(name: "time-limit", valueName: "duration",
                                      help: "Hand out no seed after this much wall time (e.g. 10m);\na worker finishes the seeds it has; shrinking stops.")
    static let out = OptionSpec(name: "out", shortName: "o", valueName: "out", help: "The folder failing seeds are written under.",
                                defaultValue: defaultOutputFolder)
    static let checkDeterminism = OptionSpec(name: "check-determinism",
                                             help: "Run every seed twice, in two processes, and compare\nthe hashes of their traces.")
    static let quiet = OptionSpec(name: "quiet", shortName: "q", help: "Print only the summary.")
    /// A campaign's worker process: run the chunks of seeds read from standard input.
    static let worker = OptionSpec(name: "worker", help: "", isHidden: true)
    /// A worker process of a determinism check: run these seeds again and print each one's trace hash.
    static let workerSeeds = OptionSpec(name: "worker-seeds", valueName: "seeds", help: "", isHidden: true)
    /// A worker process: print the whole trace of one seed.
    static let workerTrace = OptionSpec(name: "worker-trace", help: "", isHidden: true)

    static let spec = CommandSpec(
        qualifiedName: "syncsim fuzz",
        abstract: "Generate scenarios from seeds, run them, and shrink every failure.",
        discussion: """
            Each seed draws a whole scenario: devices, records, user actions (create, edit,
            delete, increment) and faults. Swarm testing: each seed also draws which fault
            kinds are on (offline, tunnel, partition, request and response loss, duplicates,
            kill/launch, background, lose-token, reset, clock skew and drift, latency,
            rate limits, outages, zone busy, purges, small fetch pages, batch limits, atomic
            batches, tombstone retention, token lifetime, saves over deleted records answered
            unknownItem, no push) and how often.

            A seed fails when its run breaks what a correct client keeps. The failure
            classes, in the order a seed's first failure is taken:
            \(FuzzFailure.Kind.allCases.map { "  \($0.rawValue.padded(to: 16))\($0.meaning)" }.joined(separator: "\n"))
            Zombie, lost-update, duplicate and stuck are safety; no-convergence is
            liveness; crash and determinism are bugs of syncsim itself. Lost updates that a
            concurrent change explains, and changes wiped by a reset, are not failures.

            Each failing seed is written as '<out>/seed-<N>.json', expecting the broken
            invariants at their correct values, and shrunk to '<out>/seed-<N>-min.json';
            passing seeds write nothing. '<out>/fuzz.json' and '<out>/index.html' sum the campaign up.
            Seeds run in worker processes, results in seed order whatever '--jobs' is.

            Exit codes: 0 no seed failed; 1 a seed failed; 64 bad usage; 73 a file could
            not be written; 74 standard output or error could not be written.
            """,
        options: [seeds, from, to, devices, actions, strategy, .strategyOption, client, jobs, shard, timeLimit, out, checkDeterminism,
                  quiet, worker, workerSeeds, workerTrace, .help])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) throws(UsageError) -> ExitCode {
        let plan = try FuzzPlan(arguments, environment: environment)
        if arguments.isSet(worker) { return serve(plan: plan, console: environment.console) }
        if let list = arguments.value(of: workerSeeds) {
            return work(list, plan: plan, arguments: arguments, console: environment.console)
        }
        let console = environment.console
        let started = ContinuousClock.now
        let meter = ProgressMeter(total: plan.seeds.count, console: console)
        let (results, stopped) = Campaign(plan: plan, environment: environment).run(progress: meter.update)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        let summary = FuzzSummary(plan: plan, results: results, stoppedByTimeLimit: stopped)
        if !arguments.isSet(quiet) {
            for result in results where result.failure != nil { console.out(summary.line(for: result)) }
        }
        console.out(summary.text(seconds: seconds))
        do {
            let store = ReportStore(outputFolder: plan.outputFolder)
            let path = try store.write(summary.json.rendered(), toFileNamed: "fuzz.json")
            let index = try store.write(summary.html, toFileNamed: "index.html")
            console.out("Wrote \(path) and \(index)")
            let earlier = earlierSeedFiles(in: plan.outputFolder, results: results)
            if earlier > 0 {
                console.out("\(plan.outputFolder) also holds \(earlier) seed file\(earlier == 1 ? "" : "s") this campaign did not "
                    + "write, from earlier campaigns; fuzz.json lists this one's.")
            }
        } catch {
            console.error("Error: \(error)")
            return .cannotWriteReport
        }
        if results.contains(where: { $0.writeError != nil }) { return .cannotWriteReport }
        return summary.failed > 0 ? .failure : .success
    }

    /// How many `seed-N.json` and `seed-N-min.json` files in `folder` this campaign's failures did not write.
    private static func earlierSeedFiles(in folder: String, results: [SeedResult]) -> Int {
        let written = Set(results.filter { $0.failure != nil }.flatMap { result in
            [SeedResult.fileName(result.seed, minimal: false)]
                + (result.minimalSteps == nil ? [] : [SeedResult.fileName(result.seed, minimal: true)])
        })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("seed-") && $0.hasSuffix(".json") && !written.contains($0) }.count
    }

    /// A campaign's worker: runs each chunk of seeds it reads from standard input, one line each (`1,2,3`, or
    /// `1,2,3<tab>500` with the milliseconds left for shrinking), printing a result line per seed and then the end of
    /// the chunk, until its input ends.
    private static func serve(plan: FuzzPlan, console: Console) -> ExitCode {
        while let line = readLine() {
            let parts = line.split(separator: "\t")
            let left = parts.dropFirst().first.flatMap { Int($0) }
            let job = SeedJob(settings: plan.settings, store: ReportStore(outputFolder: plan.outputFolder),
                              hashes: plan.checkDeterminism,
                              deadline: left.map { ContinuousClock.now + .milliseconds($0) })
            for seed in parts.first?.split(separator: ",").compactMap({ UInt64($0) }) ?? [] {
                console.out(job.run(seed).line)
            }
            console.out(SeedResult.endOfChunk)
        }
        return .success
    }

    /// A worker process of a determinism check: runs the listed seeds again and prints, for each, a result line with
    /// its trace's hash only, or with `--worker-trace` the whole trace.
    private static func work(_ list: String, plan: FuzzPlan, arguments: ParsedArguments, console: Console) -> ExitCode {
        for seed in list.split(separator: ",").compactMap({ UInt64($0) }) {
            let scenario = ScenarioGenerator.scenario(seed: seed, settings: plan.settings)
            if arguments.isSet(workerTrace) {
                let trace = Trace(.lines)
                _ = Simulation(scenario: scenario).run(trace: trace)
                console.out(trace.lines.joined(separator: "\n"))
            } else {
                let trace = Trace(.hash)
                _ = Simulation(scenario: scenario).run(trace: trace)
                console.out(SeedResult(seed: seed, traceHash: trace.hashText, steps: scenario.timeline.count).line)
            }
        }
        return .success
    }
}

extension String {
    /// The text followed by spaces up to `width` characters (at least one space).
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
