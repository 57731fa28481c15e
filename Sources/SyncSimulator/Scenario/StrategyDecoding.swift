extension ScenarioDecoder {
    /// `strategy`: a built-in name with default options, or an object with `name` and that strategy's options.
    mutating func strategy(_ node: DocumentNode) -> StrategySpec? {
        let names = ValueReader<String>.oneOf(StrategySpec.builtIns.map(\.name))
        switch node.value {
        case .string:
            return read(node, as: names).flatMap(Self.builtIn(named:))
        case .object:
            guard let object = anyObject(node), let base = require(object, "name", as: names).flatMap(Self.builtIn(named:))
            else { return nil }
            return strategyOptions(object, over: base)
        default:
            mismatch(node, expected: "a strategy name or an object with \"name\"")
            return nil
        }
    }

    private static func builtIn(named name: String) -> StrategySpec? {
        StrategySpec.builtIns.first { $0.name == name }
    }

    /// The options of the strategy `base` names, merged over its defaults; each strategy takes only its own keys.
    private mutating func strategyOptions(_ object: ObjectNode, over base: StrategySpec) -> StrategySpec {
        switch base {
        case var .lww(clock):
            checkKeys(object, known: ["name"] + base.optionKeys)
            apply(object, "clock", to: &clock, as: .oneOf)
            return .lww(clock: clock)
        case .serverWins, .clientWins:
            checkKeys(object, known: ["name"] + base.optionKeys)
            return base
        case var .fieldMerge(rules):
            checkKeys(object, known: ["name"] + base.optionKeys)
            apply(object, "fields", to: &rules,
                  as: ValueReader.keyed(.oneOf, what: "field rules").map { Dictionary(uniqueKeysWithValues: $0) })
            return .fieldMerge(rules: rules)
        case var .userChoice(choice, decideAfter):
            checkKeys(object, known: ["name"] + base.optionKeys)
            apply(object, "choice", to: &choice, as: .oneOf)
            apply(object, "decideAfter", to: &decideAfter, as: .duration(in: ScenarioBounds.nonNegative))
            return .userChoice(choice: choice, decideAfter: decideAfter)
        }
    }
}

extension StrategySpec {
    /// The keys a strategy object may carry besides `name`, in the format's order.
    var optionKeys: [String] {
        switch self {
        case .lww: return ["clock"]
        case .serverWins, .clientWins: return []
        case .fieldMerge: return ["fields"]
        case .userChoice: return ["choice", "decideAfter"]
        }
    }
}
