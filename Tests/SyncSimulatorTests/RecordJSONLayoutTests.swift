import Testing
@testable import SyncSimulator

/// The JSON report writes its records through a layout made once per depth, one record a line; the text must read
/// back as the records' values, at any depth and for every kind of field.
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
                    fields: Fields(uniqueKeysWithValues: (1...20).map { ("f\($0)", FieldValue.number(Double($0))) })),
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

    /// The text of `listing` as an array's items at `depth`, each written by the layout.
    static func items(_ listing: [RecordState], depth: Int) -> TextBuffer {
        var buffer = TextBuffer()
        let layout = RecordJSONLayout(depth: depth)
        for place in listing.indices { _ = layout.write(listing[place], at: place, to: &buffer) }
        return buffer
    }

    @Test(arguments: [(0, 5), (1, 5), (3, 5), (1, 1), (2, 0)])
    func recordsReadBackAsTheirValuesAtAnyDepth(nesting: Int, count: Int) throws {
        let records = Array(RecordJSONLayoutTests.records.prefix(count))
        var writer = JSONTextWriter(pretty: true)
        for _ in 0...nesting { writer.openArray() }
        writer.rawItems(count: records.count) { buffer, depth in
            buffer.append(RecordJSONLayoutTests.items(records, depth: depth))
        }
        for _ in 0...nesting { writer.closeArray() }
        var expected = JSONValue.array(records.map(RecordJSONLayoutTests.value(of:)))
        for _ in 0..<nesting { expected = .array([expected]) }
        let text = writer.buffer.text
        #expect(try JSONParser.parse(Array(text.utf8)).get() == expected)
        // Each record on a line of its own, indented as deep as the array's items.
        let indent = String(repeating: " ", count: 2 * (nesting + 1))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix(indent + "{\"id\": ") }.count == records.count)
    }

    /// One record a line, indented as the array's other items, members parted by a comma and a space; the array
    /// itself laid out as any other.
    @Test func aRecordTakesOneLine() {
        var writer = JSONTextWriter(pretty: true)
        writer.openObject()
        writer.key("records")
        writer.openArray()
        let records = [RecordJSONLayoutTests.records[0], RecordJSONLayoutTests.records[2]]
        writer.rawItems(count: records.count) { buffer, depth in
            buffer.append(RecordJSONLayoutTests.items(records, depth: depth))
        }
        writer.closeArray()
        writer.key("empty")
        writer.openArray()
        writer.rawItems(count: 0) { _, _ in }
        writer.closeArray()
        writer.closeObject()
        #expect(writer.buffer.text == """
            {
              "records": [
                {"id": "r1", "type": "Item", "syncState": "pending", "deleted": false, "fields": {"count": 3, \
            "done": true, "gone": null, "huge": 1e+300, "infinite": "-Infinity", "negative": -7, "none": [], \
            "rating": 2.5, "tags": ["b", "a\\u0001"], "title": "a \\"quote\\", a \\\\ and\\n\\ta line é", \
            "unknown": "NaN"}},
                {"id": "r3\\u0007", "type": "Ty\\"pe", "syncState": "synced", "deleted": true, "fields": null}
              ],
              "empty": []
            }
            """)
    }
}
