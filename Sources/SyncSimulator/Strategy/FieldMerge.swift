/// Three-way merge against the ancestor: one-sided field changes are kept, fields changed on both sides follow a rule.
public struct FieldMerge: ConflictStrategy {
    /// Rules by field name; a field without one uses `lww` (per-field timestamp).
    public let rules: [String: FieldRule]
    /// A field merge with per-field rules.
    public init(rules: [String: FieldRule] = [:]) { self.rules = rules }
    /// `field-merge`.
    public var name: String { "field-merge" }

    /// Merges field by field against the ancestor; a delete on either side is settled as `lww` settles it. Over a
    /// deleted ancestor both sides brought the record back, so a field they hold differently is decided by its rule.
    public func resolve(_ conflict: Conflict) -> Resolution {
        guard let local = conflict.local.fields, let server = conflict.server.fields else {
            return LastWriterWins().resolve(conflict)
        }
        let ancestor = conflict.ancestor?.fields ?? [:]
        let recreated = conflict.ancestor?.deleted == true
        var merged: Fields = [:]
        for name in Set(local.keys).union(server.keys).union(ancestor.keys).sorted() {
            let base = ancestor[name], mine = local[name], theirs = server[name]
            let value: FieldValue?
            if mine == base && !recreated {
                value = theirs
            } else if theirs == base && !recreated {
                value = mine
            } else {
                value = decide(name, base: base, local: mine, server: theirs, conflict: conflict)
            }
            merged[name] = value
        }
        return merged == server ? .keepServer : merged == local ? .keepLocal : .merged(merged)
    }

    /// A field both sides changed, decided by its rule; a rule that does not fit the values falls back to `lww`.
    private func decide(_ name: String, base: FieldValue?, local: FieldValue?, server: FieldValue?,
                        conflict: Conflict) -> FieldValue? {
        let newer = conflict.local.timestamp(of: name) > conflict.server.timestamp(of: name) ? local : server
        switch (rules[name] ?? .lww, local, server) {
        case (.server, _, _): return server
        case (.client, _, _): return local
        case let (.max, .number(a)?, .number(b)?): return .number(Swift.max(a, b))
        case let (.min, .number(a)?, .number(b)?): return .number(Swift.min(a, b))
        case let (.max, .string(a)?, .string(b)?): return .string(Swift.max(a, b))
        case let (.min, .string(a)?, .string(b)?): return .string(Swift.min(a, b))
        case let (.longest, .string(a)?, .string(b)?): return a.count > b.count ? local : server
        case let (.union, .strings(a)?, .strings(b)?): return .strings(b + a.filter { !b.contains($0) })
        case let (.sum, .number(a)?, .number(b)?): return .number(a + b - (base?.number ?? 0))
        default: return newer
        }
    }
}
