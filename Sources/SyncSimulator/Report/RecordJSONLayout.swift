/// Writes the JSON report's record objects at one depth straight into the buffer.
///
/// The keys, line breaks and indentation around a record's values are made once, so a record costs a few copies and
/// its escaped strings. The text is what `JSONTextWriter` writes for the same object member by member.
struct RecordJSONLayout {
    /// `{`, then the `id` key on its own line.
    private let idKey: [UInt8]
    private let typeKey: [UInt8]
    private let syncStateKey: [UInt8]
    private let deletedKey: [UInt8]
    private let fieldsKey: [UInt8]
    /// The line break and indentation before a field's name.
    private let fieldBreak: [UInt8]
    /// The line that closes the fields object.
    private let fieldsEnd: [UInt8]
    /// The line break and indentation before an item of an array of strings.
    private let itemBreak: [UInt8]
    /// The line that closes an array of strings.
    private let itemsEnd: [UInt8]
    /// The line that closes the record.
    private let recordEnd: [UInt8]

    /// The layout for records inside an array at `depth`, as `JSONTextWriter.rawValue` gives it.
    init(depth: Int) {
        let line = { (indent: Int, text: String) in [UInt8]("\n".utf8) + Array(repeating: UInt8(ascii: " "), count: indent) + Array(text.utf8) }
        let member = 2 * depth + 2
        idKey = [UInt8(ascii: "{")] + line(member, "\"id\": ")
        typeKey = [UInt8(ascii: ",")] + line(member, "\"type\": ")
        syncStateKey = [UInt8(ascii: ",")] + line(member, "\"syncState\": ")
        deletedKey = [UInt8(ascii: ",")] + line(member, "\"deleted\": ")
        fieldsKey = [UInt8(ascii: ",")] + line(member, "\"fields\": ")
        fieldBreak = line(member + 2, "")
        fieldsEnd = line(member, "}")
        itemBreak = line(member + 4, "")
        itemsEnd = line(member + 2, "]")
        recordEnd = line(member - 2, "}")
    }

    /// Appends `record` as an object: id, type, sync state where it has one, whether it is deleted, and its fields
    /// sorted by name (null when deleted).
    func write(_ record: RecordState, to buffer: inout TextBuffer) {
        buffer.append(idKey)
        JSONTextWriter.appendString(record.id, to: &buffer)
        buffer.append(typeKey)
        JSONTextWriter.appendString(record.type, to: &buffer)
        if let syncState = record.syncState {
            buffer.append(syncStateKey)
            JSONTextWriter.appendString(syncState, to: &buffer)
        }
        buffer.append(deletedKey)
        buffer.append(record.fields == nil ? "true" : "false")
        buffer.append(fieldsKey)
        if let fields = record.fields {
            write(fields, to: &buffer)
        } else {
            buffer.append("null")
        }
        buffer.append(recordEnd)
    }

    private func write(_ fields: Fields, to buffer: inout TextBuffer) {
        guard !fields.isEmpty else { return buffer.append("{}") }
        buffer.append(byte: UInt8(ascii: "{"))
        var first = true
        fields.forEachSortedByName { name, value in
            if !first { buffer.append(byte: UInt8(ascii: ",")) }
            first = false
            buffer.append(fieldBreak)
            JSONTextWriter.appendString(name, to: &buffer)
            buffer.append(": ")
            write(value, to: &buffer)
        }
        buffer.append(fieldsEnd)
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
            guard !items.isEmpty else { return buffer.append("[]") }
            buffer.append(byte: UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
                buffer.append(itemBreak)
                JSONTextWriter.appendString(item, to: &buffer)
            }
            buffer.append(itemsEnd)
        case .null: buffer.append("null")
        }
    }
}
