import Foundation
import SyncSimulator

/// What a `fuzz` command line asks for: which seeds, what to generate, how to run them and where to write.
struct FuzzPlan {
    var seeds: [UInt64]
    var settings = FuzzSettings()
    /// The `--strategy-option` assignments as given, passed on to worker processes.
    var strategyAssignments: [String] = []
    /// The `--client` assignments as given, passed on to worker processes.
    var clientAssignments: [String] = []
    var jobs: Int
    /// `K/N` when the campaign is one shard of a larger one.
    var shard: (index: UInt64, count: UInt64)?
    /// Wall time after which no further seed is handed out and shrinking stops; in a worker, the time left.
    var timeLimit: Duration?
    var outputFolder: String
    var checkDeterminism: Bool

    static let maxSeeds: UInt64 = 100_000_000

    init(_ arguments: ParsedArguments, environment: Environment) throws(UsageError) {
        let range = try FuzzPlan.range(arguments)
        shard = try FuzzPlan.shard(arguments.value(of: FuzzCommand.shard), variables: environment.variables)
        if let (index, count) = shard {
            seeds = range.filter { $0 % count == index }
        } else {
            seeds = Array(range)
        }
        settings.devices = try arguments.integer(FuzzCommand.devices, in: FuzzSettings.deviceBounds) ?? settings.devices
        settings.actions = try arguments.integer(FuzzCommand.actions, in: FuzzSettings.actionBounds) ?? settings.actions
        if let name = arguments.value(of: FuzzCommand.strategy) {
            settings.strategy = try StrategySpec.builtIn(named: name, option: "--strategy")
        }
        strategyAssignments = arguments.values(of: .strategyOption)
        settings.strategy = try settings.strategy.settingOptions(strategyAssignments)
        clientAssignments = arguments.values(of: FuzzCommand.client)
        switch ClientConfig.parsing(clientAssignments) {
        case let .success(client): settings.client = client
        case let .failure(error): throw .invalidValue(option: "--client", reason: error.reason)
        }
        jobs = try arguments.integer(FuzzCommand.jobs, in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        if let text = arguments.value(of: FuzzCommand.timeLimit) {
            guard let span = SimDuration(parsing: text), span > .zero else {
                throw .invalidValue(option: "--time-limit", reason: "expected a duration such as 90s or 10m, found '\(text)'")
            }
            timeLimit = .microseconds(span.micros)
        }
        outputFolder = arguments.value(of: FuzzCommand.out) ?? FuzzCommand.defaultOutputFolder
        checkDeterminism = arguments.isSet(FuzzCommand.checkDeterminism)
    }

    /// `--seeds N` (1…N) or `--from S --to E`, inclusive; not both.
    private static func range(_ arguments: ParsedArguments) throws(UsageError) -> ClosedRange<UInt64> {
        let from = try arguments.unsignedInteger(FuzzCommand.from)
        let to = try arguments.unsignedInteger(FuzzCommand.to)
        if from != nil || to != nil {
            guard arguments.options[FuzzCommand.seeds.name] == nil else {
                throw .invalidValue(option: "--seeds", reason: "give either '--seeds' or '--from' and '--to', not both")
            }
            guard let from, let to else {
                throw .invalidValue(option: from == nil ? "--to" : "--from",
                                    reason: "'--from' and '--to' go together")
            }
            guard from <= to, to - from < maxSeeds else {
                throw .invalidValue(option: "--to", reason: "expected a seed from \(from) to \(from &+ maxSeeds - 1), found \(to)")
            }
            return from...to
        }
        let count = try arguments.integer(FuzzCommand.seeds, in: 1...Int(maxSeeds)) ?? 100
        return 1...UInt64(count)
    }

    /// `--shard K/N`, or `--shard N` with K from `JOB_COMPLETION_INDEX`.
    private static func shard(_ text: String?, variables: [String: String]) throws(UsageError) -> (UInt64, UInt64)? {
        guard let text else { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let indexText = parts.count == 2 ? parts[0] : variables["JOB_COMPLETION_INDEX"]
        guard let countText = parts.last, let count = UInt64(countText), count > 0, parts.count <= 2 else {
            throw .invalidValue(option: "--shard", reason: "expected K/N with 0 <= K < N, found '\(text)'")
        }
        guard let indexText else {
            throw .invalidValue(option: "--shard", reason: "'\(text)' gives no K and JOB_COMPLETION_INDEX is not set")
        }
        guard let index = UInt64(indexText), index < count else {
            throw .invalidValue(option: "--shard", reason: "expected K/N with 0 <= K < N, found K '\(indexText)' of \(count)")
        }
        return (index, count)
    }

    /// The arguments a worker process needs to generate and run seeds exactly as this campaign does.
    var workerArguments: [String] {
        var words = ["fuzz", "--devices", String(settings.devices), "--actions", String(settings.actions),
                     "--strategy", settings.strategy.name, "--out", outputFolder]
        for assignment in strategyAssignments { words += ["--strategy-option", assignment] }
        for assignment in clientAssignments { words += ["--client", assignment] }
        return words
    }
}

extension ScenarioError {
    /// The issues of an error in `KEY=VALUE` assignments, for a usage error: `deletes: expected …, found "soft"`.
    var reason: String { issues.map(\.description).joined(separator: "; ") }
}
