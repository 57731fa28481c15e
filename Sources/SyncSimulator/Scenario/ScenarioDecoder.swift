/// Decodes a scenario document into model values, collecting every issue with its place in the document.
struct ScenarioDecoder {
    /// The most issues one file reports; the rest are counted.
    static let maxIssues = 50

    private var found: [(path: DocumentPath, message: String)] = []

    /// Records an issue at `path`.
    mutating func report(_ message: String, at path: DocumentPath) {
        found.append((path, message))
    }

    /// Records "expected …, found …" for `node`.
    mutating func mismatch(_ node: DocumentNode, expected: String, hint: String = "") {
        report("expected \(expected), found \(node.value.summary)\(hint)", at: node.path)
    }

    /// How many issues have been found so far.
    var issueCount: Int { found.count }

    /// The issues in document order (issues at one place in the order found), at most `maxIssues` and a count of the rest.
    var issues: [ScenarioIssue] {
        let ordered = found.enumerated().sorted { left, right in
            if left.element.path.order != right.element.path.order {
                return left.element.path.precedes(right.element.path)
            }
            return left.offset < right.offset
        }
        var shown = ordered.prefix(Self.maxIssues).map { ScenarioIssue(path: $0.element.path.text, message: $0.element.message) }
        if ordered.count > Self.maxIssues {
            shown.append(ScenarioIssue(path: "", message: "\(ordered.count - Self.maxIssues) more issues not shown"))
        }
        return shown
    }

    /// Reads `node` with `reader`.
    mutating func read<T>(_ node: DocumentNode, as reader: ValueReader<T>) -> T? {
        reader.read(node, &self)
    }

    /// Overwrites `target` with the member `key` of `object` when present and valid: merging over defaults.
    mutating func apply<T>(_ object: ObjectNode, _ key: String, to target: inout T, as reader: ValueReader<T>) {
        if let node = object[key], let value = reader.read(node, &self) { target = value }
    }

    /// Like `apply`, for settings whose default is "none".
    mutating func apply<T>(_ object: ObjectNode, _ key: String, to target: inout T?, as reader: ValueReader<T>) {
        if let node = object[key], let value = reader.read(node, &self) { target = value }
    }

    /// The member `key` of `object` read with `reader`; reports it missing ("found nothing") when absent.
    mutating func require<T>(_ object: ObjectNode, _ key: String, as reader: ValueReader<T>) -> T? {
        guard let node = object[key] else {
            report("expected \(reader.expected), found nothing", at: object.missing(key))
            return nil
        }
        return reader.read(node, &self)
    }

    /// The member `key` of `object` read with `reader`, or `fallback` when absent; nil when present but invalid.
    mutating func optional<T>(_ object: ObjectNode, _ key: String, as reader: ValueReader<T>, default fallback: T) -> T? {
        guard let node = object[key] else { return fallback }
        return reader.read(node, &self)
    }

    /// `node` as an object whose keys must all be in `keys`; reports a non-object and every unknown key.
    mutating func object(_ node: DocumentNode, keys: [String]) -> ObjectNode? {
        guard let object = anyObject(node) else { return nil }
        checkKeys(object, known: keys)
        return object
    }

    /// `node` as an object with any keys (the caller checks them once it knows which are allowed).
    mutating func anyObject(_ node: DocumentNode) -> ObjectNode? {
        guard case let .object(members) = node.value else {
            mismatch(node, expected: "an object")
            return nil
        }
        return ObjectNode(path: node.path.flattened, members: members)
    }

    /// Reports each key of `object` not in `known`, suggesting the closest known key or listing them all.
    mutating func checkKeys(_ object: ObjectNode, known: [String]) {
        for (position, member) in object.members.enumerated() where !known.contains(member.key) {
            report("unknown key \(JSONValue.quoted(member.key)); \(Suggestion.help(for: member.key, among: known))",
                   at: object.path.member(member.key, at: position))
        }
    }

    /// Remembers that element `index` of `array` uses `id`, or reports that an earlier element already did
    /// (`devices[2].id: expected a unique device id, found "A", already used by devices[0]`); whether it was new.
    mutating func claim(_ id: String, index: Int, at path: DocumentPath, of array: String, in seen: inout [String: Int]) -> Bool {
        guard let earlier = seen[id] else {
            seen[id] = index
            return true
        }
        let kind = String(array.dropLast())
        report("expected a unique \(kind) id, found \(JSONValue.quoted(id)), already used by \(array)[\(earlier)]", at: path)
        return false
    }

    /// `node` as an array of at most `maxCount` elements (at least `minCount`), each with its place.
    mutating func array(_ node: DocumentNode, of what: String, count range: ClosedRange<Int>) -> [DocumentNode]? {
        guard case let .array(items) = node.value else {
            mismatch(node, expected: "an array of \(what)")
            return nil
        }
        guard range.contains(items.count) else {
            let bounds = range.lowerBound == 0 ? "at most \(range.upperBound)" : "\(range.lowerBound) to \(range.upperBound)"
            report("expected \(bounds) \(what), found \(items.count)", at: node.path)
            return nil
        }
        let path = node.path.flattened
        return items.enumerated().map { DocumentNode(value: $1, path: path.element($0)) }
    }
}
