/// Whether two values have the same bytes, compared a word at a time: then they are the very same value (the same
/// storage, or the same inline characters), and read and write alike. Equal values in different storage are not the
/// same bits, so a false answer says nothing.
@inline(__always)
func haveSameBits<Value>(_ a: Value, _ b: Value) -> Bool {
    withUnsafeBytes(of: a) { a in
        withUnsafeBytes(of: b) { b in
            var offset = 0
            while offset + 8 <= a.count {
                guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset += 8
            }
            while offset < a.count {
                guard a[offset] == b[offset] else { return false }
                offset += 1
            }
            return true
        }
    }
}
