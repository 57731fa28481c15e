/// A JSON syntax error: where it is (1-based line and column, columns counted in characters) and what was wrong.
struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String

    init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `line 3, column 14: expected ',' or '}', found '"'`.
    var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser from UTF-8 bytes to `JSONValue`: object keys keep their order and must be
/// unique, numbers keep their source text, nesting is bounded, and no input can make it trap.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 64

    /// Parses one JSON document (an optional UTF-8 byte order mark is skipped).
    static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
        var parser = JSONParser(bytes: bytes)
        do {
            return .success(try parser.document())
        } catch {
            let (line, column) = Self.position(of: error.offset, in: bytes)
            return .failure(JSONSyntaxError(line: line, column: column, message: error.message))
        }
    }

    /// A failure at a byte offset, turned into a line and column only once, at the end.
    private struct Failure: Error {
        var offset: Int
        var message: String
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0
    /// The members and elements of the objects and arrays being parsed, innermost last: each container is made from
    /// its own at its end, at its final size, instead of growing an array of its own one member at a time.
    private var openMembers: [(key: String, value: JSONValue)] = []
    private var openItems: [JSONValue] = []

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func document() throws(Failure) -> JSONValue {
        let result = try value()
        skipWhitespace()
        guard current == nil else { throw expected("end of file") }
        return result
    }

    private mutating func value() throws(Failure) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw expected("a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw expected("a value")
        }
    }

    /// Objects with more members than this check their keys for repeats in a set; smaller ones compare them in turn,
    /// which costs less than a set's table for the few keys most objects have.
    private static let keysScannedInTurn = 12

    private mutating func object() throws(Failure) -> JSONValue {
        try enterNesting()
        let start = openMembers.count
        var seen: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object([])
        }
        while true {
            skipWhitespace()
            let count = openMembers.count - start
            guard current == UInt8(ascii: "\"") else {
                throw expected(count == 0 ? "'\"' or '}'" : "'\"' to begin a key")
            }
            let keyOffset = offset
            let key = try string()
            if count == Self.keysScannedInTurn { seen = Set(openMembers[start...].lazy.map(\.key)) }
            let repeated = count < Self.keysScannedInTurn
                ? openMembers[start...].contains { $0.key == key } : !seen.insert(key).inserted
            guard !repeated else {
                throw Failure(offset: keyOffset, message: "expected unique keys, found \(JSONValue.quoted(key)) twice in one object")
            }
            skipWhitespace()
            try consume(":")
            let member = try value()
            openMembers.append((key, member))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else if current == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                let members = Array(openMembers[start...])
                openMembers.removeSubrange(start...)
                return .object(members)
            } else {
                throw expected("',' or '}'")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enterNesting()
        let start = openItems.count
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array([])
        }
        while true {
            let item = try value()
            openItems.append(item)
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else if current == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                let items = Array(openItems[start...])
                openItems.removeSubrange(start...)
                return .array(items)
            } else {
                throw expected("',' or ']'")
            }
        }
    }

    /// Steps over the opening bracket, refusing to nest deeper than `maxDepth`.
    private mutating func enterNesting() throws(Failure) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw Failure(offset: offset, message: "expected at most \(Self.maxDepth) levels of nesting, found more")
        }
        offset += 1
    }

    /// A string's characters up to its closing quote. Most strings have no escape: their bytes are taken as they are,
    /// and only one with an escape is built up byte by byte from where the first escape is.
    private mutating func string() throws(Failure) -> String {
        offset += 1
        let start = offset
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { offset += 1 }
        if current == UInt8(ascii: "\"") {
            offset += 1
            return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
        }
        var buffer = Array(bytes[start..<offset])
        while true {
            guard let byte = current else { throw expected("'\"' to end the string") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                offset += 1
                buffer.append(contentsOf: try escape().utf8)
            case ..<0x20:
                throw expected("'\"' to end the string or an escaped control character")
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    /// Reads the escape after a backslash and returns the character it stands for.
    private mutating func escape() throws(Failure) -> String {
        let simple: [UInt8: String] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
            UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        guard let byte = current else { throw expected("an escape character") }
        if let text = simple[byte] {
            offset += 1
            return text
        }
        guard byte == UInt8(ascii: "u") else { throw expected("one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u'") }
        let escapeOffset = offset - 1
        offset += 1
        let first = try hexQuad()
        var scalarValue = first
        if (0xD800...0xDBFF).contains(first) {
            guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                throw Failure(offset: escapeOffset, message: "expected a low surrogate escape after a high surrogate, found none")
            }
            offset += 2
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw Failure(offset: escapeOffset, message: "expected a low surrogate escape after a high surrogate, found none")
            }
            scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            throw Failure(offset: escapeOffset, message: "expected a Unicode character, found a lone surrogate escape")
        }
        return String(Character(scalar))
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var result: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw expected("a hexadecimal digit") }
            result = result << 4 | digit
            offset += 1
        }
        return result
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func number() throws(Failure) -> String {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
        } else {
            try digits()
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            try digits()
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// One or more decimal digits.
    private mutating func digits() throws(Failure) {
        guard let byte = current, Self.isDigit(byte) else { throw expected("a digit") }
        while let byte = current, Self.isDigit(byte) { offset += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func literal(_ word: String) throws(Failure) {
        for byte in word.utf8 {
            guard current == byte else { throw expected("'\(word)'") }
            offset += 1
        }
    }

    private mutating func consume(_ character: Unicode.Scalar) throws(Failure) {
        guard current == UInt8(ascii: character) else { throw expected("'\(character)'") }
        offset += 1
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    /// A failure at the current offset: "expected …, found …" naming what is there.
    private func expected(_ what: String) -> Failure {
        Failure(offset: offset, message: "expected \(what), found \(Self.describeCharacter(at: offset, in: bytes))")
    }

    /// What stands at `offset`: `'x'`, `a line break`, `U+0007`, or `end of file`.
    static func describeCharacter(at offset: Int, in bytes: [UInt8]) -> String {
        guard offset < bytes.count else { return "end of file" }
        let window = bytes[offset..<min(offset + 4, bytes.count)]
        guard let scalar = String(decoding: window, as: UTF8.self).unicodeScalars.first else { return "end of file" }
        switch scalar {
        case "\n", "\r": return "a line break"
        case "\t": return "a tab"
        case " ": return "a space"
        case _ where scalar.properties.generalCategory == .control || scalar.value == 0xFFFD:
            return "U+" + String(String(scalar.value, radix: 16, uppercase: true).paddedLeft(to: 4))
        default: return "'\(scalar)'"
        }
    }

    /// The 1-based line and column of a byte offset, counting columns in Unicode scalars.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

extension String {
    /// The string left-padded with zeros to at least `width` characters.
    func paddedLeft(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}

extension JSONValue {
    /// A string in double quotes, as messages name keys and values: quotes, backslashes and control characters escaped
    /// (`\"`, `\\`, `\n`, `\t`, `\r`, others as `\u{1B}`), so a hostile file can neither break a message's line
    /// nor drive a terminal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if let escaped = scalar.escapedControl { result += escaped } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
