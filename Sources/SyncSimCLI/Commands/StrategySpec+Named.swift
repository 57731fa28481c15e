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

    /// The built-ins a comma-separated list names, in its order; an empty list, an unknown name or a repeat is a usage error.
    static func builtIns(listed list: String, option: String) throws(UsageError) -> [StrategySpec] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard names != [""] else { throw .emptyList(option: option, choices: builtInNames) }
        var specs: [StrategySpec] = []
        for name in names {
            let spec = try builtIn(named: name, option: option)
            guard !specs.contains(spec) else { throw .repeatedValue(option: option, value: name) }
            specs.append(spec)
        }
        return specs
    }
}
