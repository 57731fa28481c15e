/// Writes JSON into a text buffer value by value, pretty-printed with two-space indentation or compact on one line;
/// `JSONValue` renders through it and the JSON report writer streams through it, so both lay JSON out alike.
struct JSONTextWriter: ~Copyable {
    var buffer: TextBuffer
    private let pretty: Bool
    private var depth = 0
    /// Whether the innermost open array or object has no member yet.
    private var opened = false
    /// Whether a key was just written, so its value needs no separator.
    private var afterKey = false

    init(pretty: Bool, capacity: Int = 4_096) {
        self.init(pretty: pretty, buffer: TextBuffer(capacity: capacity))
    }

    /// A writer that appends to `buffer`.
    init(pretty: Bool, buffer: consuming TextBuffer) {
        self.buffer = buffer
        self.pretty = pretty
    }

    mutating func openObject() { open(UInt8(ascii: "{")) }
    mutating func closeObject() { close(UInt8(ascii: "}")) }
    mutating func openArray() { open(UInt8(ascii: "[")) }
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// An object member's key, a literal written as it is (it has nothing to escape); its value comes next.
    mutating func key(_ name: StaticString) {
        separate()
        buffer.append(byte: UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append(byte: UInt8(ascii: "\""))
        endKey()
    }

    /// An object member whose value is written whole.
    mutating func member(_ name: String, _ value: JSONValue) {
        separate()
        writeString(name)
        endKey()
        self.value(value)
    }

    mutating func string(_ text: String) {
        separate()
        writeString(text)
    }

    mutating func int(_ value: some BinaryInteger) {
        separate()
        buffer.append(value)
    }

    mutating func bool(_ flag: Bool) {
        separate()
        buffer.append(flag ? "true" : "false")
    }

    mutating func null() {
        separate()
        buffer.append("null")
    }

    /// Writes `value` whole.
    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case let .bool(flag): bool(flag)
        case let .number(text):
            separate()
            buffer.append(text)
        case let .string(text): string(text)
        case let .array(items):
            openArray()
            for item in items { self.value(item) }
            closeArray()
        case let .object(members):
            openObject()
            for (name, value) in members { member(name, value) }
            closeObject()
        }
    }

    /// The items of the array just opened, which `body` appends itself, `count` of them, each after its separator,
    /// laid out in the pretty form for the depth it is given (the array's).
    mutating func rawItems(count: Int, _ body: (inout TextBuffer, Int) -> Void) {
        precondition(pretty && opened && !afterKey, "raw items fill a pretty array just opened")
        body(&buffer, depth)
        if count > 0 { opened = false }
    }

    private mutating func endKey() {
        buffer.append(byte: UInt8(ascii: ":"))
        if pretty { buffer.append(byte: UInt8(ascii: " ")) }
        afterKey = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(byte: bracket)
        depth += 1
        opened = true
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if pretty, !opened { newline() }
        buffer.append(byte: bracket)
        opened = false
    }

    /// What goes before a value or key: nothing after a key, else a comma unless it is the first member, and in
    /// pretty text a new line at the depth.
    @inline(__always)
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if !opened { buffer.append(byte: UInt8(ascii: ",")) }
        opened = false
        if pretty { newline() }
    }

    @inline(__always)
    private mutating func newline() {
        buffer.append(byte: UInt8(ascii: "\n"))
        buffer.append(byte: UInt8(ascii: " "), times: 2 * depth)
    }

    private mutating func writeString(_ text: String) {
        JSONTextWriter.appendString(text, to: &buffer)
    }

    /// Appends a JSON string: quote, backslash, and control characters below U+0020 escaped, everything else as it is.
    static func appendString(_ text: String, to buffer: inout TextBuffer) {
        buffer.append(byte: UInt8(ascii: "\""))
        buffer.append(text, escapingWhere: { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) { buffer, utf8, index in
            switch utf8[index] {
            case UInt8(ascii: "\""): buffer.append("\\\"")
            case UInt8(ascii: "\\"): buffer.append("\\\\")
            case UInt8(ascii: "\n"): buffer.append("\\n")
            case UInt8(ascii: "\r"): buffer.append("\\r")
            case UInt8(ascii: "\t"): buffer.append("\\t")
            case let control:
                let hex = String(control, radix: 16)
                buffer.append("\\u")
                for _ in hex.utf8.count..<4 { buffer.append(byte: UInt8(ascii: "0")) }
                buffer.append(hex)
            }
            return 1
        }
        buffer.append(byte: UInt8(ascii: "\""))
    }
}
