extension OptionSpec {
    /// `--seed`, which `run` and `compare` apply to every scenario.
    static let seed = OptionSpec(name: "seed", shortName: "s", valueName: "seed", help: "Run with this seed instead of each scenario's.")

    /// `--strategy-option`, which `run` and `fuzz` apply to the strategy `--strategy` names.
    static let strategyOption = OptionSpec(name: "strategy-option", valueName: "key=value",
                                           help: "Set an option of the strategy; repeatable\n(e.g. choice=keep-server, decideAfter=30m).")

    /// Where `run` and `compare` write when `--out` is left out.
    static let defaultOutputFolder = "Reports"

    /// `--out`, the folder `run` and `compare` write under.
    static let out = OptionSpec(name: "out", shortName: "o", valueName: "out", help: "The folder to write reports under.",
                                defaultValue: defaultOutputFolder)
}
