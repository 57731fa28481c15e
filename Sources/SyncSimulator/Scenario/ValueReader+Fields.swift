extension ValueReader where T == FieldValue {
    /// A record field's value: a string, a finite number, a boolean, an array of strings, or null.
    static var fieldValue: ValueReader {
        let expected = "a string, number, boolean, array of strings or null"
        return ValueReader(expected: expected) { node, decoder in
            switch node.value {
            case .null: return .null
            case let .bool(flag): return .bool(flag)
            case .number: return decoder.read(node, as: .finiteNumber).map(FieldValue.number)
            case .string: return decoder.read(node, as: .string()).map(FieldValue.string)
            case .array: return decoder.read(node, as: .stringList()).map(FieldValue.strings)
            case .object:
                decoder.mismatch(node, expected: expected)
                return nil
            }
        }
    }
}

extension ValueReader where T == [String] {
    /// An array of strings, each read with `element`.
    static func stringList(_ element: ValueReader<String> = .string()) -> ValueReader {
        ValueReader(expected: "an array of strings") { node, decoder in
            guard let items = decoder.array(node, of: "strings", count: ScenarioBounds.stringsPerArray) else { return nil }
            let values = items.map { decoder.read($0, as: element) }
            return values.contains(nil) ? nil : values.compactMap { $0 }
        }
    }
}

extension ValueReader where T == String {
    /// A record id: any string of 1 to 200 characters.
    static var recordID: ValueReader { text("a record id", lengths: ScenarioBounds.idLength) }

    /// A field name: any string of 1 to 200 characters.
    static var fieldName: ValueReader { text("a field name", lengths: ScenarioBounds.idLength) }
}

extension ValueReader where T == Fields {
    /// An object of field name to field value, at most 1,000 of them.
    static var fields: ValueReader {
        ValueReader<[(String, FieldValue)]>.keyed(.fieldValue, what: "fields").map { Fields(uniqueKeysWithValues: $0) }
    }
}

extension ValueReader {
    /// An object whose keys are field names (1 to 200 characters) and whose values are read with `value`, as its
    /// members in file order (the parser refuses an object that repeats a key).
    static func keyed<V>(_ value: ValueReader<V>, what: String) -> ValueReader<[(String, V)]> where T == [(String, V)] {
        ValueReader(expected: "an object of \(what)") { node, decoder in
            guard let object = decoder.anyObject(node) else { return nil }
            guard ScenarioBounds.fieldsPerRecord.contains(object.members.count) else {
                let limit = ScenarioBounds.fieldsPerRecord.upperBound
                decoder.report("expected at most \(limit) \(what), found \(object.members.count)", at: node.path)
                return nil
            }
            var result: [(String, V)] = []
            result.reserveCapacity(object.members.count)
            var valid = true
            for (key, member) in object.nodes {
                if !ScenarioBounds.idLength.contains(key.count) {
                    decoder.report("expected a field name of 1 to \(ScenarioBounds.idLength.upperBound) characters, found \(JSONValue.quoted(key))", at: member.path)
                    valid = false
                } else if let decoded = decoder.read(member, as: value) {
                    result.append((key, decoded))
                } else {
                    valid = false
                }
            }
            return valid ? result : nil
        }
    }
}
