/// Writes the JSON report's record objects, one a line, at one depth straight into the buffer.
///
/// The separators, keys and indentation around a record's values are made once, so a record costs a few copies and
/// its escaped strings. Inside the pretty JSON of the report, each record is one line: `{"id": "r1", "type": …}`.
struct RecordJSONLayout {
    /// The line break and indentation before an array's first record.
    private let firstBreak: [UInt8]
    /// The comma, line break and indentation before each of an array's other records.
    private let nextBreak: [UInt8]

    /// The layout for records inside an array at `depth`, as `JSONTextWriter.rawItems` gives it.
    init(depth: Int) {
        firstBreak = [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 2 * depth)
        nextBreak = [UInt8(ascii: ",")] + firstBreak
    }

    /// Where the parts of a record's text lie in the buffer it was written to, as offsets from the buffer's start.
    struct Parts {
        /// The separator before the record.
        var start: Int
        /// The record's `{`, which its id and type follow.
        var body: Int
        /// Where the sync state is, or would be.
        var syncState: Int
        /// The `deleted` member, which the fields follow.
        var tail: Int
        /// Just after the record's `}`.
        var end: Int

        /// The same parts `distance` bytes further on.
        func moved(by distance: Int) -> Parts {
            Parts(start: start + distance, body: body + distance, syncState: syncState + distance,
                  tail: tail + distance, end: end + distance)
        }
    }

    /// Appends `record` as an array's item at `place`: its separator, then the record as an object on one line: id,
    /// type, sync state where it has one, whether it is deleted, and its fields sorted by name (null when deleted).
    func write(_ record: borrowing RecordState, at place: Int, to buffer: inout TextBuffer) -> Parts {
        let start = buffer.count
        buffer.append(place == 0 ? firstBreak : nextBreak)
        let body = buffer.count
        buffer.append("{\"id\": ")
        JSONTextWriter.appendString(record.id, to: &buffer)
        buffer.append(", \"type\": ")
        JSONTextWriter.appendString(record.type, to: &buffer)
        let syncState = buffer.count
        write(syncState: record.syncState, to: &buffer)
        let tail = buffer.count
        if let fields = record.fields {
            buffer.append(", \"deleted\": false, \"fields\": ")
            write(fields, to: &buffer)
        } else {
            buffer.append(", \"deleted\": true, \"fields\": null")
        }
        buffer.append(byte: UInt8(ascii: "}"))
        return Parts(start: start, body: body, syncState: syncState, tail: tail, end: buffer.count)
    }

    /// Appends, as an array's item at `place`, a record whose id, type and fields are those of the one written at
    /// `earlier` in the same buffer, and whose sync state is `syncState`: the unchanged parts are copied.
    func write(syncState: String?, at place: Int, copying earlier: Parts, in buffer: inout TextBuffer) -> Parts {
        let start = buffer.count
        buffer.append(place == 0 ? firstBreak : nextBreak)
        let body = buffer.count
        buffer.appendCopy(from: earlier.body, count: earlier.syncState - earlier.body)
        let syncStateAt = buffer.count
        write(syncState: syncState, to: &buffer)
        let tail = buffer.count
        buffer.appendCopy(from: earlier.tail, count: earlier.end - earlier.tail)
        return Parts(start: start, body: body, syncState: syncStateAt, tail: tail, end: buffer.count)
    }

    private func write(syncState: String?, to buffer: inout TextBuffer) {
        guard let syncState else { return }
        buffer.append(", \"syncState\": ")
        JSONTextWriter.appendString(syncState, to: &buffer)
    }

    private func write(_ fields: Fields, to buffer: inout TextBuffer) {
        buffer.append(byte: UInt8(ascii: "{"))
        var first = true
        for (name, value) in fields {
            if !first { buffer.append(", ") }
            first = false
            JSONTextWriter.appendString(name, to: &buffer)
            buffer.append(": ")
            write(value, to: &buffer)
        }
        buffer.append(byte: UInt8(ascii: "}"))
    }

    /// Appends a field's value as `FieldValue.json` renders it.
    private func write(_ value: FieldValue, to buffer: inout TextBuffer) {
        switch value {
        case let .string(text): JSONTextWriter.appendString(text, to: &buffer)
        case let .number(number):
            if let integer = FieldValue.exactInteger(number) {
                buffer.append(integer)
            } else if number.isFinite {
                buffer.append(number.description)
            } else {
                JSONTextWriter.appendString(JSONValue.nonFiniteName(number), to: &buffer)
            }
        case let .bool(flag): buffer.append(flag ? "true" : "false")
        case let .strings(items):
            buffer.append(byte: UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { buffer.append(", ") }
                JSONTextWriter.appendString(item, to: &buffer)
            }
            buffer.append(byte: UInt8(ascii: "]"))
        case .null: buffer.append("null")
        }
    }
}
