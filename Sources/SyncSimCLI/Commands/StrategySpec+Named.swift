import Foundation
import SyncSimulator

extension StrategySpec {
    /// The built-ins' names, in their order.
    static var builtInNames: [String] { builtIns.map(\.name) }

    /// The built-in strategy called `name`; any other name is a usage error of `option` listing the built-ins.
    static func builtIn(named name: String, option: String) throws(UsageError) -> StrategySpec {
        guard let spec = builtIns.first(where: { $0.name == name }) else {
            throw .invalidChoice(option: option, value: name, choices: builtInNames)
        }
        return spec
    }

    /// This strategy with the options `--strategy-option` assignments set (`choice=keep-server`); an invalid one is a
    /// usage error naming the key, what was expected and what was found.
    func settingOptions(_ assignments: [String]) throws(UsageError) -> StrategySpec {
        switch StrategySpec.parsing(assignments, over: self) {
        case let .success(spec): return spec
        case let .failure(error): throw .invalidValue(option: "--strategy-option", reason: error.reason)
        }
    }

    /// The built-ins a comma-separated list names, in its order; an empty list, an unknown name or a repeat is a usage error.
    static func builtIns(listed list: String, option: String) throws(UsageError) -> [StrategySpec] {
        try ChoiceList.parse(list, option: option, choices: builtInNames) { name in builtIns.first { $0.name == name } }
    }
}
