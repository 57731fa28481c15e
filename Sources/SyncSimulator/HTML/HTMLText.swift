/// Text made safe for an HTML page: markup characters escaped, control characters shown as `\u{…}`.
package enum HTMLText {
    package static func escape(_ text: String) -> String {
        var buffer = TextBuffer(capacity: text.utf8.count + 16)
        append(text, to: &buffer)
        return buffer.text
    }

    /// Appends `text` escaped, working on its UTF-8: runs without a markup character or a byte that may start a
    /// control character are copied whole.
    static func append(_ text: String, to buffer: inout TextBuffer) {
        buffer.append(text, escapingWhere: mayStandForItself) { buffer, utf8, index in
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "&"): buffer.append("&amp;")
            case UInt8(ascii: "<"): buffer.append("&lt;")
            case UInt8(ascii: ">"): buffer.append("&gt;")
            case UInt8(ascii: "\""): buffer.append("&quot;")
            case UInt8(ascii: "'"): buffer.append("&#39;")
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"): buffer.append(byte: byte)
            default:
                // A one-byte scalar, or one from U+0080 to U+00BF (lead byte 0xC2) where the C1 controls are.
                let length = byte == 0xC2 ? 2 : 1
                let value = length == 1 ? UInt32(byte) : 0x80 | UInt32(utf8[index + 1] & 0x3F)
                if let control = Unicode.Scalar(value)?.escapedControl {
                    buffer.append(control)
                } else {
                    buffer.append(bytes: UnsafeBufferPointer(rebasing: utf8[index..<(index + length)]))
                }
                return length
            }
            return 1
        }
    }

    /// Whether `byte` needs no look: not a markup character, not below U+0020 or DEL, and not the lead byte 0xC2
    /// of U+0080 to U+00BF.
    private static func mayStandForItself(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
             0x00..<0x20, 0x7F, 0xC2: return false
        default: return true
        }
    }
}
