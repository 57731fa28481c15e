extension ScenarioDecoder {
    private static let topLevelKeys = ["$schema", "format", "name", "description", "seed", "strategy", "server", "network",
                                       "devices", "records", "timeline", "expect", "limits"]

    /// The only format version this build reads.
    static let supportedFormat = 1

    /// Decodes a whole scenario document; the scenario is complete only when `issueCount` is 0. `$schema`, where an
    /// editor finds the format's JSON Schema, must be a string and is otherwise ignored.
    mutating func scenario(_ root: JSONValue, defaultName: String) -> Scenario {
        let placeholder = Scenario(name: defaultName, devices: [])
        guard let top = object(DocumentNode(value: root, path: .root), keys: Self.topLevelKeys) else { return placeholder }
        if let schema = top["$schema"] { _ = read(schema, as: .string()) }
        if let format = top["format"] { _ = read(format, as: Self.format) }
        var scenario = placeholder
        scenario.name = name(top, defaultName: defaultName)
        apply(top, "description", to: &scenario.description, as: .string())
        apply(top, "seed", to: &scenario.seed, as: .unsigned64)
        if let strategy = top["strategy"], let spec = self.strategy(strategy) { scenario.strategy = spec }
        if let server = top["server"] { scenario.server = self.server(server, over: scenario.server) }
        if let network = top["network"] { scenario.network = self.network(network, over: scenario.network) }
        if let devices = top["devices"] {
            scenario.devices = self.devices(devices, network: scenario.network)
        } else {
            report("expected an array of 1 to \(ScenarioBounds.devices.upperBound) devices, found nothing", at: top.missing("devices"))
        }
        if let records = top["records"] { scenario.records = self.records(records) }
        if let limits = top["limits"] { scenario.limits = self.limits(limits) }
        var knownRecords = KnownNames(scenario.records.map(\.id))
        if let timeline = top["timeline"] {
            scenario.timeline = self.timeline(timeline, devices: KnownNames(scenario.devices.map(\.id)),
                                              records: knownRecords, limit: scenario.limits.time)
        }
        for case let .create(record, _, _) in scenario.timeline.map(\.action) { knownRecords.insert(record) }
        if let expect = top["expect"] { scenario.expect = expectations(expect, knownRecords: knownRecords) }
        return scenario
    }

    /// `format`: must be the supported version.
    private static var format: ValueReader<Int> {
        .scalar("\(supportedFormat) (the only format version this build reads)") { value in
            guard case let .number(text) = value, Int(text) == supportedFormat else { return nil }
            return supportedFormat
        }
    }

    /// `name`, or the file's name when absent (which then must be a valid name too).
    private mutating func name(_ top: ObjectNode, defaultName: String) -> String {
        let reader = ValueReader<String>.identifier("a name", maxLength: ScenarioBounds.nameLength, fileName: true)
        if let node = top["name"] { return read(node, as: reader) ?? defaultName }
        if !ScenarioBounds.isIdentifier(defaultName, maxLength: ScenarioBounds.nameLength, fileName: true) {
            report("expected \(reader.expected), found nothing, and the file name \(JSONValue.quoted(defaultName)) is not one",
                   at: top.missing("name"))
        }
        return defaultName
    }
}
