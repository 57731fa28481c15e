import SyncSimulator

/// The `--seed`, `--strategy` and `--strategy-option`s a run applies to every scenario, and the repro command that
/// repeats them.
struct RunOverrides {
    var seed: UInt64?
    var strategy: StrategySpec?
    /// The `--strategy-option` assignments as given, repeated in the repro command.
    var strategyAssignments: [String] = []

    init(seed: UInt64?, strategy: StrategySpec?) {
        self.seed = seed
        self.strategy = strategy
    }

    /// Reads the overrides of `syncsim run`: an unknown strategy name is a usage error listing the built-ins, and a
    /// strategy option one naming the key, what was expected and what was found; options need `--strategy`.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        seed = try arguments.unsignedInteger(.seed)
        strategyAssignments = arguments.values(of: .strategyOption)
        guard let name = arguments.value(of: RunCommand.strategy) else {
            if !strategyAssignments.isEmpty {
                throw .invalidValue(option: "--strategy-option",
                                    reason: "it sets an option of the strategy '--strategy' names; give '--strategy' too")
            }
            return
        }
        strategy = try StrategySpec.builtIn(named: name, option: "--strategy").settingOptions(strategyAssignments)
    }

    func apply(to scenario: inout Scenario) {
        if let seed { scenario.seed = seed }
        if let strategy { scenario.strategy = strategy }
    }

    /// `--strategy <name>` and its `--strategy-option`s, when the strategy is overridden.
    var strategyArguments: [String] {
        guard let strategy else { return [] }
        return ["--strategy", strategy.name] + strategyAssignments.flatMap { ["--strategy-option", $0] }
    }

    /// `swift run syncsim run <path> --seed <seed>`, plus the strategy and its options when overridden.
    func repro(path: String, seed: UInt64) -> String {
        (["swift", "run", "syncsim", "run", ShellWord.quoted(path), "--seed", String(seed)]
            + strategyArguments.map(ShellWord.quoted)).joined(separator: " ")
    }
}
