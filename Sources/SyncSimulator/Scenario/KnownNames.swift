/// Names a value may refer to (device ids, record ids): fast membership, and file order for suggestions.
struct KnownNames {
    private(set) var ordered: [String] = []
    private var members: Set<String> = []

    init(_ names: [String]) {
        names.forEach { insert($0) }
    }

    func contains(_ name: String) -> Bool { members.contains(name) }

    mutating func insert(_ name: String) {
        if members.insert(name).inserted { ordered.append(name) }
    }
}

extension ValueReader where T == String {
    /// A string naming one of `names`, described as `what` (`a device in "devices"`), suggesting a near miss.
    static func reference(to names: KnownNames, what: String) -> ValueReader {
        ValueReader(expected: what) { node, decoder in
            guard case let .string(text) = node.value, names.contains(text) else {
                let hint = node.value.stringValue.map { Suggestion.hint(for: $0, among: names.ordered) } ?? ""
                decoder.mismatch(node, expected: what, hint: hint)
                return nil
            }
            return text
        }
    }
}
