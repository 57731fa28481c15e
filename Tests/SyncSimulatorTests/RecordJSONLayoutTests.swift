import Testing
@testable import SyncSimulator

/// The JSON report writes its records through a layout made once per depth; the text must be what the JSON writer
/// gives for the same object built value by value, at any depth and for every kind of field.
@Suite struct RecordJSONLayoutTests {
    static let records: [RecordState] = [
        RecordState(id: "r1", type: "Item", fields: [
            "title": .string("a \"quote\", a \\ and\n\ta line é"), "rating": .number(2.5), "count": .number(3),
            "negative": .number(-7), "huge": .number(1e300), "infinite": .number(-.infinity), "unknown": .number(.nan),
            "tags": .strings(["b", "a\u{1}"]), "none": .strings([]), "done": .bool(true), "gone": .null,
        ], syncState: "pending"),
        RecordState(id: "r2", type: "Item", fields: [:]),
        RecordState(id: "r3\u{7}", type: "Ty\"pe", fields: nil, syncState: "synced"),
        RecordState(id: "r4", type: "Item", fields: ["only": .number(0)]),
        RecordState(id: "r5", type: "Wide",
                    fields: Dictionary(uniqueKeysWithValues: (1...20).map { ("f\($0)", FieldValue.number(Double($0))) })),
    ]

    /// The record as a JSON value, members in the report's order and fields sorted by name.
    static func value(of record: RecordState) -> JSONValue {
        let fields = record.fields.map { fields in
            JSONValue.object(fields.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value.json) })
        }
        return .object([("id", .string(record.id)), ("type", .string(record.type))]
            + (record.syncState.map { [("syncState", JSONValue.string($0))] } ?? [])
            + [("deleted", .bool(record.deleted)), ("fields", fields ?? .null)])
    }

    @Test(arguments: [0, 1, 3])
    func recordsReadAsTheWriterWritesThemValueByValue(nesting: Int) {
        var writer = JSONTextWriter(pretty: true)
        for _ in 0..<nesting { writer.openArray() }
        writer.openArray()
        for record in RecordJSONLayoutTests.records {
            writer.rawValue { buffer, depth in RecordJSONLayout(depth: depth).write(record, to: &buffer) }
        }
        writer.closeArray()
        for _ in 0..<nesting { writer.closeArray() }
        var expected = JSONValue.array(RecordJSONLayoutTests.records.map(RecordJSONLayoutTests.value(of:)))
        for _ in 0..<nesting { expected = .array([expected]) }
        #expect(writer.buffer.text + "\n" == expected.rendered())
    }
}
