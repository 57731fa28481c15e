import Dispatch
import SyncSimulator

/// Runs a campaign's seeds on `jobs` worker processes (or threads, when there is no executable to start), each
/// simulation single-threaded, and gathers the results in seed order whatever the number of jobs. Each thread hands
/// its worker one chunk of seeds at a time and keeps it for the next chunk; a worker that ended is started again.
struct Campaign {
    var plan: FuzzPlan
    var environment: Environment

    /// The results, in seed order, and whether the time limit stopped the campaign early.
    func run(progress: @escaping @Sendable (_ done: Int, _ failed: Int) -> Void) -> (results: [SeedResult], stopped: Bool) {
        let queue = SeedQueue(seeds: plan.seeds)
        let started = ContinuousClock.now
        let limit = plan.timeLimit
        let deadline = limit.map { started + $0 }
        let overTime: @Sendable () -> Bool = { deadline.map { ContinuousClock.now >= $0 } ?? false }
        let job = SeedJob(settings: plan.settings, store: ReportStore(outputFolder: plan.outputFolder),
                          hashes: plan.checkDeterminism, deadline: deadline)
        let executable = environment.executable
        let plan = self.plan
        let jobs = max(1, min(plan.jobs, plan.seeds.count))
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            var chunk = ChunkSize(seeds: plan.seeds.count, jobs: jobs)
            var worker: WorkerSession?
            defer { _ = worker?.finish() }
            while let seeds = queue.claim(upTo: chunk.count, unless: overTime) {
                let chunkStarted = ContinuousClock.now
                var results: [SeedResult]
                if let executable {
                    results = Campaign.inWorker(seeds, worker: &worker, plan: plan, executable: executable, queue: queue,
                                                deadline: deadline)
                    if plan.checkDeterminism { results = Campaign.compareInWorker(results, plan: plan, executable: executable) }
                } else {
                    results = seeds.map(job.run)
                    if plan.checkDeterminism { results = results.map { Campaign.compareInProcess($0, plan: plan) } }
                }
                let (done, failed) = queue.store(results)
                progress(done, failed)
                // Seeds put back after a crash did not run, so only those with results count.
                chunk.took(ContinuousClock.now - chunkStarted, for: results.count)
            }
        }
        let results = queue.all
        return (results, results.count < plan.seeds.count)
    }

    /// Runs seeds in the thread's worker process, started first if it has none; if the worker ends before it reports
    /// them all, the first seed it did not report is recorded as a crash and the rest go back in the queue.
    /// The worker is told the time left before `deadline`, which it gives its shrinking.
    private static func inWorker(_ seeds: [UInt64], worker: inout WorkerSession?, plan: FuzzPlan, executable: String,
                                 queue: SeedQueue, deadline: ContinuousClock.Instant?) -> [SeedResult] {
        let session = worker ?? WorkerSession(executable, plan.workerArguments + ["--worker"]
            + (plan.checkDeterminism ? ["--check-determinism"] : []))
        worker = session
        var chunk = seeds.map(String.init).joined(separator: ",")
        if let deadline { chunk += "\t\(max(1, Int((deadline - ContinuousClock.now) / .milliseconds(1))))" }
        var results: [SeedResult] = []
        if session.send(chunk) {
            while let line = session.readLine() {
                if line == SeedResult.endOfChunk { return results }
                if let result = SeedResult(line: line[...]) { results.append(result) }
            }
        }
        worker = nil
        let ending = session.finish()
        results += ending.output.split(separator: "\n").compactMap(SeedResult.init(line:))
        guard results.count < seeds.count else { return results }
        let crashed = seeds[results.count]
        let said = ending.complaint.map { " It said: \($0)" } ?? ""
        let sentence = ending.status < 0
            ? "The worker process for seed \(crashed) could not be started: \(executable)."
            : ending.crashed
            ? "The simulator trapped (signal \(ending.status)) while running seed \(crashed)."
            : "The worker running seed \(crashed) ended with status \(ending.status) before reporting it."
        let crash = SeedResult(seed: crashed, failure: FuzzFailure(kind: .crash, sentence: sentence + said),
                               steps: ScenarioGenerator.scenario(seed: crashed, settings: plan.settings).timeline.count)
        results.append(writingScenario(of: crash, plan: plan))
        queue.putBack(Array(seeds.dropFirst(results.count)))
        return results
    }

    /// Runs the seeds again in another process and marks those whose traces hash differently.
    private static func compareInWorker(_ results: [SeedResult], plan: FuzzPlan, executable: String) -> [SeedResult] {
        let hashed = results.filter { $0.traceHash != nil }
        guard !hashed.isEmpty else { return results }
        let ending = WorkerProcess.run(executable, plan.workerArguments + [
            "--worker-seeds", hashed.map { String($0.seed) }.joined(separator: ",")])
        let again = Dictionary(ending.output.split(separator: "\n").compactMap(SeedResult.init(line:)).map { ($0.seed, $0.traceHash) },
                               uniquingKeysWith: { first, _ in first })
        return results.map { result in
            guard let hash = result.traceHash, let other = again[result.seed], other != hash else { return result }
            let traces = [1, 2].map { _ in
                WorkerProcess.run(executable, plan.workerArguments + ["--worker-seeds", String(result.seed), "--worker-trace"])
                    .output.split(separator: "\n").map(String.init)
            }
            return determinismFailure(result, traces[0], traces[1], plan: plan)
        }
    }

    /// Runs the seed again in this process (which cannot see a difference of hashing order) and compares.
    private static func compareInProcess(_ result: SeedResult, plan: FuzzPlan) -> SeedResult {
        let scenario = ScenarioGenerator.scenario(seed: result.seed, settings: plan.settings)
        let trace = Trace(.hash)
        _ = Simulation(scenario: scenario).run(trace: trace)
        guard let hash = result.traceHash, trace.hashText != hash else { return result }
        let lines = [1, 2].map { _ in
            let full = Trace(.lines)
            _ = Simulation(scenario: scenario).run(trace: full)
            return full.lines
        }
        return determinismFailure(result, lines[0], lines[1], plan: plan)
    }

    /// The result failed as `determinism`; a seed that had passed is written out now, as a failing one was already.
    private static func determinismFailure(_ result: SeedResult, _ one: [String], _ other: [String], plan: FuzzPlan)
        -> SeedResult {
        var failed = result
        failed.failure = FuzzFailure(kind: .determinism, sentence: DeterminismCheck.difference(one, other))
        return result.failure == nil ? writingScenario(of: failed, plan: plan) : failed
    }

    /// Writes the seed's generated scenario, unshrunk and with every count left open, as `seed-<N>.json`: the file a
    /// failure found outside `SeedJob` (a crash, a determinism difference) names.
    private static func writingScenario(of result: SeedResult, plan: FuzzPlan) -> SeedResult {
        var written = result
        let scenario = ScenarioGenerator.scenario(seed: result.seed, settings: plan.settings)
        do {
            try ReportStore(outputFolder: plan.outputFolder).write(
                ScenarioEncoder.text(of: scenario.pinned(to: nil)),
                toFileNamed: SeedResult.fileName(result.seed, minimal: false))
        } catch {
            written.writeError = "\(error)"
        }
        return written
    }
}
