extension ScenarioDecoder {
    /// `expect`, merged over the defaults; `records` may name only records that exist at some point.
    mutating func expectations(_ node: DocumentNode, knownRecords: KnownNames) -> Expectations {
        let keys = ["converged", "within", "zombies", "lostUpdates", "unexplainedLostUpdates", "duplicates", "stuck",
                    "records", "resurrectedByEdit", "editsDroppedByDelete"]
        var expect = Expectations()
        guard let object = object(node, keys: keys) else { return expect }
        apply(object, "converged", to: &expect.converged, as: .bool)
        apply(object, "within", to: &expect.within, as: .duration(in: ScenarioBounds.within))
        apply(object, "zombies", to: &expect.zombies, as: .count)
        apply(object, "lostUpdates", to: &expect.lostUpdates, as: .count)
        apply(object, "unexplainedLostUpdates", to: &expect.unexplainedLostUpdates, as: .count)
        apply(object, "duplicates", to: &expect.duplicates, as: .count)
        apply(object, "stuck", to: &expect.stuck, as: .count)
        if let records = object["records"] { expect.records = recordExpectations(records, known: knownRecords) }
        apply(object, "resurrectedByEdit", to: &expect.resurrectedByEdit, as: .count)
        apply(object, "editsDroppedByDelete", to: &expect.editsDroppedByDelete, as: .count)
        return expect
    }

    /// `expect.records`: record id to `{"deleted": …}` or `{"fields": {…}}`.
    private mutating func recordExpectations(_ node: DocumentNode, known: KnownNames) -> [String: RecordExpectation] {
        guard let object = anyObject(node) else { return [:] }
        var result: [String: RecordExpectation] = [:]
        for (id, member) in object.nodes {
            guard known.contains(id) else {
                report("expected a record in \"records\" or created by a step, found \(JSONValue.quoted(id))", at: member.path)
                continue
            }
            guard let expectation = self.object(member, keys: ["deleted", "fields"]) else { continue }
            var record = RecordExpectation()
            apply(expectation, "deleted", to: &record.deleted, as: .bool)
            apply(expectation, "fields", to: &record.fields, as: .fields)
            if expectation.members.isEmpty {
                report("expected \"deleted\" or \"fields\", found neither", at: member.path)
            }
            result[id] = record
        }
        return result
    }

    /// `limits`, merged over the defaults.
    mutating func limits(_ node: DocumentNode) -> Limits {
        var limits = Limits()
        guard let object = object(node, keys: ["time", "events"]) else { return limits }
        apply(object, "time", to: &limits.time, as: .duration(in: ScenarioBounds.time))
        apply(object, "events", to: &limits.events, as: .integer(in: ScenarioBounds.events))
        return limits
    }
}
