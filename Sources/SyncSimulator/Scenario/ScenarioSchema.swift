/// The scenario format as a JSON Schema (draft 2020-12), for editors to complete and check scenario files;
/// the loader stays the authority (it also checks references, ranges and orderings a schema cannot express).
package enum ScenarioSchema {
    /// The schema, pretty-printed with a final newline: what `syncsim schema` prints and
    /// `Scenarios/scenario.schema.json` holds.
    package static var text: String { document.rendered() }

    /// The schema as a JSON value; names, bounds and defaults come from the loader's own types.
    package static var document: JSONValue {
        let defaults = Scenario(name: "", devices: [])
        let properties: Members = [
            ("$schema", described("Where an editor finds this schema, such as \"../scenario.schema.json\"; syncsim ignores it.",
                                  string())),
            ("format", described("The format version; 1 is the only one.",
                                 .object([("const", .int(ScenarioDecoder.supportedFormat))]), default: .int(defaults.format))),
            ("name", described("The scenario's name; report file names are built from it. Defaults to the file name without "
                                   + "\".json\", which must then be a valid name too.",
                               identifier(maxLength: ScenarioBounds.nameLength, fileName: true))),
            ("description", described("Free text printed at the top of the report.", string(), default: .string(defaults.description))),
            ("seed", described("Seeds every random choice of the run; `syncsim run --seed N` replaces it.",
                               integer(0, UInt64.max), default: .int(defaults.seed))),
            ("strategy", described("How conflicts are settled: a strategy's name, or an object with \"name\" and that "
                                       + "strategy's options; `--strategy NAME` replaces it.",
                                   ref("strategy"), default: .string(defaults.strategy.name))),
            ("server", described("The simulated CloudKit-like server; each key left out keeps its default.",
                                 ref("server"), default: objectDefault(serverProperties))),
            ("network", described("The link every device has to the server, unless it sets its own; each key left out keeps its "
                                      + "default.", ref("network"), default: objectDefault(networkProperties))),
            ("devices", described("The simulated devices, each with a unique id.",
                                  array(of: ref("device"), count: ScenarioBounds.devices))),
            ("records", described("Records that exist, identical on the server and every device, at time 0; ids unique.",
                                  array(of: ref("record"), count: ScenarioBounds.records), default: .array([]))),
            ("timeline", described("What happens and when: steps run in order of \"at\", steps with the same \"at\" in the "
                                       + "order written.", array(of: ref("step"), count: ScenarioBounds.steps), default: .array([]))),
            ("expect", described("What must hold when the run is over; each key left out keeps its default.",
                                 ref("expect"), default: objectDefault(expectProperties))),
            ("limits", described("A budget for the run: reaching either limit ends it as BUDGET EXHAUSTED.",
                                 ref("limits"), default: objectDefault(limitsProperties))),
        ]
        var root: Members = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("syncsim scenario")),
            ("description", .string("A syncsim scenario file, format version \(ScenarioDecoder.supportedFormat): devices, how they "
                                        + "are connected, how their sync code behaves, what users and the server do and when, and "
                                        + "what must hold once the run has settled. `syncsim validate` is the authority on what is "
                                        + "valid.")),
        ]
        root += object(properties, required: ["devices"])
        root.append(("$defs", .object(definitions)))
        return .object(root)
    }

    /// Every reusable part of the schema, by name.
    private static var definitions: Members {
        [
            ("duration", described("A duration such as \"250ms\", \"1.5h\" or \"31d2h\": one or more parts, each a number "
                                       + "(optionally with a decimal part) and a unit, d, h, m, s, ms or us, adding up to at most "
                                       + "36500d.", pattern("^\(durationParts)$"))),
            ("signedDuration", described("A duration that may start with a minus sign, such as \"-10m\".",
                                         pattern("^-?\(durationParts)$"))),
            ("durationOrForever", described("A duration, or \"forever\".", pattern("^(forever|\(durationParts))$"))),
            ("count", count),
            ("fieldValue", fieldValue),
            ("fields", described("Field names (1 to \(ScenarioBounds.idLength.upperBound) characters) and their values.",
                                 keyed(ref("fieldValue")))),
            ("strategy", strategy),
            ("server", .object(object(serverProperties))),
            ("rateLimit", .object(object(rateLimitProperties, required: rateLimitProperties.map(\.key)))),
            ("network", .object(object(networkProperties))),
            ("device", .object(object(deviceProperties, required: ["id"]))),
            ("deviceID", described("A device's id: 1 to \(ScenarioBounds.deviceIDLength) of A-Z a-z 0-9 . _ -.",
                                   identifier(maxLength: ScenarioBounds.deviceIDLength))),
            ("record", .object(object(recordProperties, required: ["id", "type"]))),
            ("step", step),
        ] + StepKind.allCases.map { ("step-\($0.rawValue)", stepVariant($0)) } + [
            ("expect", .object(object(expectProperties))),
            ("limits", .object(object(limitsProperties))),
        ]
    }

    /// Members of a JSON object, in the order written.
    typealias Members = [(key: String, value: JSONValue)]

    /// One part of a duration, repeated: digits, an optional decimal part, a unit.
    private static let durationParts = "([0-9]{1,18}(\\.[0-9]{1,18})?(d|h|m|s|ms|us))+"

    /// `schema` with `text` as its description, and `value` as its default when given.
    static func described(_ text: String, _ schema: JSONValue, default value: JSONValue? = nil) -> JSONValue {
        guard case let .object(members) = schema else { return schema }
        return .object([("description", .string(text))] + members + (value.map { [("default", $0)] } ?? []))
    }

    /// A reference to the definition `name`.
    static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/$defs/\(name)"))]) }

    /// An object with exactly these properties, `required` among them.
    static func object(_ properties: Members, required: [String] = []) -> Members {
        [("type", .string("object")), ("properties", .object(properties))]
            + (required.isEmpty ? [] : [("required", .array(required.map(JSONValue.string)))])
            + [("additionalProperties", .bool(false))]
    }

    /// An object of every default the properties declare: the default of an object whose keys are merged over theirs.
    static func objectDefault(_ properties: Members) -> JSONValue {
        .object(properties.compactMap { key, schema in
            guard case let .object(members) = schema, let value = members.first(where: { $0.key == "default" })?.value
            else { return nil }
            return (key, value)
        })
    }

    /// A string of at most `maxLength` characters (`minLength` at least).
    static func string(minLength: Int = 0, maxLength: Int = ScenarioBounds.stringLength) -> JSONValue {
        .object([("type", .string("string"))] + (minLength > 0 ? [("minLength", .int(minLength))] : [])
                + [("maxLength", .int(maxLength))])
    }

    /// A string naming a record, a record type or a field: 1 to 200 characters.
    static var name: JSONValue { string(minLength: ScenarioBounds.idLength.lowerBound, maxLength: ScenarioBounds.idLength.upperBound) }

    /// 1 to `maxLength` of `A-Z a-z 0-9 . _ -`; with `fileName`, not starting with `.`.
    static func identifier(maxLength: Int, fileName: Bool = false) -> JSONValue {
        let pattern = fileName ? "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,\(maxLength - 1)}$" : "^[A-Za-z0-9._-]{1,\(maxLength)}$"
        return .object([("type", .string("string")), ("pattern", .string(pattern))])
    }

    /// A string matching `regex`.
    static func pattern(_ regex: String) -> JSONValue {
        .object([("type", .string("string")), ("pattern", .string(regex))])
    }

    /// An integer from `low` to `high`.
    static func integer<T: BinaryInteger>(_ low: T, _ high: T) -> JSONValue {
        .object([("type", .string("integer")), ("minimum", .int(low)), ("maximum", .int(high))])
    }

    /// A number from `low` to `high`, or any number.
    static func number(_ range: ClosedRange<Double>? = nil) -> JSONValue {
        .object([("type", .string("number"))]
                + (range.map { [("minimum", .double($0.lowerBound)), ("maximum", .double($0.upperBound))] } ?? []))
    }

    /// A probability, 0 to 1.
    static var probability: JSONValue { number(0...1) }

    /// `true` or `false`.
    static var boolean: JSONValue { .object([("type", .string("boolean"))]) }

    /// One of `names`.
    static func oneOf(_ names: [String]) -> JSONValue { .object([("enum", .array(names.map(JSONValue.string)))]) }

    /// One of an enumeration's names.
    static func oneOf<T: RawRepresentable & CaseIterable>(_: T.Type) -> JSONValue where T.RawValue == String {
        oneOf(T.allCases.map(\.rawValue))
    }

    /// An array of `items`, as many as `count` allows.
    static func array(of items: JSONValue, count: ClosedRange<Int>) -> JSONValue {
        .object([("type", .string("array")), ("items", items)]
                + (count.lowerBound > 0 ? [("minItems", .int(count.lowerBound))] : []) + [("maxItems", .int(count.upperBound))])
    }

    /// An object whose keys are field names (1 to 200 characters), each value matching `value`.
    static func keyed(_ value: JSONValue) -> JSONValue {
        .object([("type", .string("object")), ("propertyNames", name),
                 ("maxProperties", .int(ScenarioBounds.fieldsPerRecord.upperBound)), ("additionalProperties", value)])
    }
}
