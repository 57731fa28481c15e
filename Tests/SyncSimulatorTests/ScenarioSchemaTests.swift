import Foundation
import Testing
@testable import SyncSimulator

/// The JSON Schema agrees with the loader (same keys, defaults that load as the defaults), with the committed
/// `Scenarios/scenario.schema.json`, and with the format reference; the bundled scenarios point at it.
@Suite struct ScenarioSchemaTests {
    static let schemaFile = SimulationTestSupport.packageRoot.appendingPathComponent("Scenarios/scenario.schema.json")

    @Test func theCommittedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: Self.schemaFile, encoding: .utf8)
        #expect(committed == ScenarioSchema.text, "regenerate it: swift run syncsim schema > Scenarios/scenario.schema.json")
    }

    @Test func everyBundledScenarioDeclaresTheSchemaFirst() throws {
        for path in SimulationTestSupport.bundledPaths {
            let file = SimulationTestSupport.packageRoot.appendingPathComponent("Scenarios").appendingPathComponent(path)
            let root = try JSONParser.parse(Array(Data(contentsOf: file))).get()
            let relative = String(repeating: "../", count: path.split(separator: "/").count - 1) + "scenario.schema.json"
            guard case let .object(members) = root else { throw SchemaTestError.notAnObject(path) }
            #expect(members.first?.key == "$schema" && members.first?.value == .string(relative), "\(path)")
        }
    }

    @Test func theLoaderIgnoresSchemaAnywhereAtTheTop() {
        let plain = LoaderTestSupport.scenario(LoaderTestSupport.minimal())
        #expect(plain != nil)
        #expect(LoaderTestSupport.scenario(#"{"$schema": "../scenario.schema.json", "devices": [{"id": "A"}, {"id": "B"}]}"#) == plain)
        #expect(LoaderTestSupport.scenario(LoaderTestSupport.minimal(#""$schema": "https://example.com/s.json""#)) == plain)
    }

    @Test func schemaIsNotAKeyBelowTheTop() {
        #expect(LoaderTestSupport.messages(#"{"devices": [{"id": "A", "$schema": "x"}]}"#)
            == [#"Scenarios/a.json: devices[0]["$schema"]: unknown key "$schema"; known keys are "id", "online", "clock", "network", "sync", "client", "choice""#])
    }

    /// A place in a scenario that is an object of known keys: a document with the key `zzzzzz` added there, and
    /// where the schema describes that object.
    struct ObjectPlace: CustomTestStringConvertible, Sendable {
        var document: String
        var schemaPath: [String]
        var testDescription: String { schemaPath.joined(separator: "/") }
    }

    static let objectPlaces: [ObjectPlace] = {
        let devices = #""devices": [{"id": "A"}]"#
        func top(_ members: String) -> String { "{" + devices + ", " + members + "}" }
        func device(_ members: String) -> String { #"{"devices": [{"id": "A", "# + members + "}]}" }
        var places = [
            ObjectPlace(document: top(#""zzzzzz": 1"#), schemaPath: []),
            ObjectPlace(document: top(#""server": {"zzzzzz": 1}"#), schemaPath: ["properties", "server"]),
            ObjectPlace(document: top(#""server": {"rateLimit": {"requests": 1, "per": "1s", "retryAfter": "1s", "zzzzzz": 1}}"#),
                        schemaPath: ["properties", "server", "properties", "rateLimit"]),
            ObjectPlace(document: top(#""network": {"zzzzzz": 1}"#), schemaPath: ["properties", "network"]),
            ObjectPlace(document: top(#""network": {"latency": {"min": "1ms", "max": "2ms", "zzzzzz": 1}}"#),
                        schemaPath: ["properties", "network", "properties", "latency", "oneOf", "1"]),
            ObjectPlace(document: device(#""zzzzzz": 1"#), schemaPath: ["properties", "devices", "items"]),
            ObjectPlace(document: top(#""records": [{"id": "r", "type": "T", "zzzzzz": 1}]"#),
                        schemaPath: ["properties", "records", "items"]),
            ObjectPlace(document: top(#""expect": {"zzzzzz": 1}"#), schemaPath: ["properties", "expect"]),
            ObjectPlace(document: top(#""records": [{"id": "r", "type": "T"}], "expect": {"records": {"r": {"deleted": true, "zzzzzz": 1}}}"#),
                        schemaPath: ["properties", "expect", "properties", "records", "additionalProperties"]),
            ObjectPlace(document: top(#""expect": {"zombies": {"atLeast": 0, "zzzzzz": 1}}"#),
                        schemaPath: ["$defs", "count", "oneOf", "1"]),
            ObjectPlace(document: top(#""limits": {"zzzzzz": 1}"#), schemaPath: ["properties", "limits"]),
        ]
        for key in ["clock", "sync", "client"] {
            places.append(ObjectPlace(document: device(#"""# + key + #"": {"zzzzzz": 1}"#),
                                      schemaPath: ["properties", "devices", "items", "properties", key]))
        }
        places.append(ObjectPlace(document: device(#""client": {"retry": {"zzzzzz": 1}}"#),
                                  schemaPath: ["properties", "devices", "items", "properties", "client", "properties", "retry"]))
        for (index, spec) in StrategySpec.builtIns.enumerated() {
            places.append(ObjectPlace(document: top(#""strategy": {"name": ""# + spec.name + #"", "zzzzzz": 1}"#),
                                      schemaPath: ["$defs", "strategy", "oneOf", String(index + 1)]))
        }
        for kind in StepKind.allCases {
            places.append(ObjectPlace(document: top(#""timeline": [{"at": "1s", "do": ""# + kind.rawValue + #"", "zzzzzz": 1}]"#),
                                      schemaPath: ["$defs", "step-\(kind.rawValue)"]))
        }
        return places
    }()

    @Test(arguments: objectPlaces)
    func theSchemaHasExactlyTheKeysTheLoaderKnows(place: ObjectPlace) throws {
        let marker = #"unknown key "zzzzzz"; known keys are "#
        let message = try #require(LoaderTestSupport.messages(place.document).first { $0.contains(marker) })
        let loaderKeys = message.components(separatedBy: marker)[1].components(separatedBy: ", ").map { $0.trimmingCharacters(in: ["\""]) }
        let properties = try #require(Self.resolve(place.schemaPath)?["properties"])
        #expect(properties.keys == loaderKeys)
        #expect(Self.resolve(place.schemaPath)?["additionalProperties"] == .bool(false))
    }

    /// A scenario (or part of one) whose keys all take their defaults, and where the schema describes those keys:
    /// `make` writes the document with one more member, or with none.
    struct DefaultsPlace: CustomTestStringConvertible, Sendable {
        var schemaPath: [String]
        var make: @Sendable (String?) -> String
        var testDescription: String { schemaPath.joined(separator: "/") }
    }

    static let defaultsPlaces: [DefaultsPlace] = {
        @Sendable func joined(_ base: String, _ extra: String?) -> String { extra.map { base + ", " + $0 } ?? base }
        let devices = #""devices": [{"id": "A"}]"#
        var places = [
            DefaultsPlace(schemaPath: []) { "{" + joined(devices, $0) + "}" },
            DefaultsPlace(schemaPath: ["properties", "devices", "items"]) { #"{"devices": [{"# + joined(#""id": "A""#, $0) + "}]}" },
        ]
        for key in ["server", "network", "expect", "limits"] {
            places.append(DefaultsPlace(schemaPath: ["properties", key]) { "{" + devices + #", ""# + key + #"": {"# + ($0 ?? "") + "}}" })
        }
        for key in ["clock", "sync", "client"] {
            places.append(DefaultsPlace(schemaPath: ["properties", "devices", "items", "properties", key]) {
                #"{"devices": [{"id": "A", ""# + key + #"": {"# + ($0 ?? "") + "}}]}"
            })
        }
        places.append(DefaultsPlace(schemaPath: ["properties", "devices", "items", "properties", "client", "properties", "retry"]) {
            #"{"devices": [{"id": "A", "client": {"retry": {"# + ($0 ?? "") + "}}}]}"
        })
        for (index, spec) in StrategySpec.builtIns.enumerated() where spec != .serverWins && spec != .clientWins {
            places.append(DefaultsPlace(schemaPath: ["$defs", "strategy", "oneOf", String(index + 1)]) {
                "{" + devices + #", "strategy": {"# + joined(#""name": ""# + spec.name + #"""#, $0) + "}}"
            })
        }
        let steps = [("create", #""record": "r", "type": "T""#), ("edit", #""record": "r", "set": {"n": 2}"#),
                     ("increment", #""record": "r", "field": "n""#), ("tunnel", #""for": "1m""#)]
        for (kind, keys) in steps {
            places.append(DefaultsPlace(schemaPath: ["$defs", "step-" + kind]) {
                "{" + devices + #", "records": [{"id": "r", "type": "T"}], "timeline": [{"at": "1s", "device": "A", "do": ""#
                    + kind + #"", "# + joined(keys, $0) + "}]}"
            })
        }
        return places
    }()

    @Test(arguments: defaultsPlaces)
    func everyDefaultLoadsAsTheDefault(place: DefaultsPlace) throws {
        let properties = try #require(Self.resolve(place.schemaPath)?["properties"])
        let base = try LoaderTestSupport.load(place.make(nil)).get()
        var checked = 0
        for (key, property) in properties.members {
            guard let value = property["default"] else { continue }
            let document = place.make(JSONValue.string(key).compact + ": " + value.compact)
            #expect(LoaderTestSupport.load(document).map { $0 == base } == .success(true), "\(document)")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func everyKeyIsDescribedAndNamedInTheFormatReference() throws {
        let reference = try String(contentsOf: SimulationTestSupport.packageRoot.appendingPathComponent("Scenarios/README.md"),
                                   encoding: .utf8)
        var keys: [String] = []
        Self.collectKeys(ScenarioSchema.document, into: &keys)
        #expect(keys.count > 80)
        for key in keys where !reference.contains("`\(key)`") && !reference.contains("\"\(key)\":") {
            Issue.record("\(key) is not in Scenarios/README.md")
        }
        for kind in StepKind.allCases where !reference.contains("`\(kind.rawValue)`") {
            Issue.record("step \(kind.rawValue) is not in Scenarios/README.md")
        }
    }

    /// Every property name in `schema`, checking that each has a description.
    private static func collectKeys(_ schema: JSONValue, into keys: inout [String]) {
        switch schema {
        case let .object(members):
            for (key, value) in members {
                if key == "properties", case let .object(properties) = value {
                    for (name, property) in properties {
                        keys.append(name)
                        if property["description"] == nil { Issue.record("\(name) has no description") }
                    }
                }
                collectKeys(value, into: &keys)
            }
        case let .array(items): items.forEach { collectKeys($0, into: &keys) }
        default: break
        }
    }

    /// The schema at `path` (member names and array indexes), following a `$ref` wherever one is met.
    static func resolve(_ path: [String]) -> JSONValue? {
        var node = ScenarioSchema.document
        for step in path {
            node = follow(node)
            switch node {
            case let .array(items): guard let index = Int(step), items.indices.contains(index) else { return nil }; node = items[index]
            default: guard let next = node[step] else { return nil }; node = next
            }
        }
        return follow(node)
    }

    private static func follow(_ node: JSONValue) -> JSONValue {
        guard case let .string(reference)? = node["$ref"], reference.hasPrefix("#/$defs/"),
              let target = ScenarioSchema.document["$defs"]?[String(reference.dropFirst(8))] else { return node }
        return follow(target)
    }
}

/// A bundled scenario that is not a JSON object.
enum SchemaTestError: Error {
    case notAnObject(String)
}

extension JSONValue {
    /// The member `key` of an object.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// An object's keys in order.
    var keys: [String] { members.map(\.key) }

    /// An object's members, or none.
    var members: [(key: String, value: JSONValue)] {
        if case let .object(members) = self { return members }
        return []
    }
}
