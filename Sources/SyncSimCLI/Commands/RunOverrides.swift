import SyncSimulator

/// The `--seed` and `--strategy` a run applies to every scenario, and the repro command that repeats them.
struct RunOverrides {
    var seed: UInt64?
    var strategy: StrategySpec?

    init(seed: UInt64?, strategy: StrategySpec?) {
        self.seed = seed
        self.strategy = strategy
    }

    /// Reads the overrides of `syncsim run`; an unknown strategy name is a usage error listing the built-ins.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        seed = try arguments.unsignedInteger(.seed)
        strategy = try arguments.value(of: RunCommand.strategy).map { name throws(UsageError) in
            try StrategySpec.builtIn(named: name, option: "--strategy")
        }
    }

    func apply(to scenario: inout Scenario) {
        if let seed { scenario.seed = seed }
        if let strategy { scenario.strategy = strategy }
    }

    /// `swift run syncsim run <path> --seed <seed>`, plus `--strategy <name>` when overridden.
    func repro(path: String, seed: UInt64) -> String {
        var words = ["swift", "run", "syncsim", "run", ShellWord.quoted(path), "--seed", String(seed)]
        if let strategy { words += ["--strategy", strategy.name] }
        return words.joined(separator: " ")
    }
}
