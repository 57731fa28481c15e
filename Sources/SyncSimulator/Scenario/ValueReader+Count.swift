extension ValueReader where T == CountExpectation {
    /// An expected count: an integer, or `{"atLeast": n, "atMost": m}` with at least one bound and `n <= m`.
    static var count: ValueReader {
        let expected = "a count such as 0 or {\"atLeast\": 1}"
        return ValueReader(expected: expected) { node, decoder in
            switch node.value {
            case .number:
                return decoder.read(node, as: .integer(in: ScenarioBounds.count)).map(CountExpectation.exactly)
            case .object:
                return decoder.object(node, keys: ["atLeast", "atMost"]).flatMap { decoder.countRange($0) }
            default:
                decoder.mismatch(node, expected: expected)
                return nil
            }
        }
    }
}

extension ScenarioDecoder {
    /// `{"atLeast": n, "atMost": m}`: at least one bound, and `n <= m`.
    mutating func countRange(_ object: ObjectNode) -> CountExpectation? {
        let bound = ValueReader<Int>.integer(in: ScenarioBounds.count)
        let atLeast = object["atLeast"].map { read($0, as: bound) }
        let atMost = object["atMost"].map { read($0, as: bound) }
        guard atLeast != .some(nil), atMost != .some(nil) else { return nil }
        let range = CountExpectation(atLeast: atLeast ?? nil, atMost: atMost ?? nil)
        if range.atLeast == nil, range.atMost == nil {
            report("expected \"atLeast\", \"atMost\" or both, found neither", at: object.path)
            return nil
        }
        if let low = range.atLeast, let high = range.atMost, high < low, let highNode = object["atMost"] {
            mismatch(highNode, expected: "a count of at least \"atLeast\" (\(low))")
            return nil
        }
        return range
    }
}
