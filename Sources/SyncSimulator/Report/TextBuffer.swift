/// The UTF-8 text the report writers append to, in a block of bytes that grows or spills to a file as it fills.
///
/// An append is a store into memory already there (an `Array.append` costs several times more); the buffer cannot
/// be copied, so no append has to ask whether another copy shares the memory.
struct TextBuffer: ~Copyable {
    /// Memory for `capacity` bytes, of which the first `count` are written.
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// Where the bytes go whenever the buffer is full, for a file written as it is made; nil: the buffer grows.
    private let spill: ((UnsafeRawBufferPointer, _ last: Bool) -> Void)?
    /// A spilling buffer's other blocks, in the order spilled: it fills the first after the next spill.
    private var spares: [UnsafeMutablePointer<UInt8>] = []

    init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        spill = nil
    }

    /// A buffer that hands the bytes written to `spill` whenever its `capacity` is full, in order, keeping the last
    /// few (so `hasSuffix` still sees them); `drain()` hands on the rest, as the last. It holds only the last part of
    /// its text, so a large file is made in little memory. It fills `blocks` blocks in turn, so the bytes handed on
    /// stay as they are until `spill` has been called `blocks - 1` more times: `spill` may write them out while the
    /// next blocks fill, as long as it has done so before it returns from that call, and it must be done with the
    /// last before it returns.
    init(capacity: Int, blocks: Int = 2, spillingTo spill: @escaping (UnsafeRawBufferPointer, _ last: Bool) -> Void) {
        let capacity = max(capacity, 4 * TextBuffer.keptBySpill)
        self.capacity = capacity
        start = .allocate(capacity: capacity)
        spares = (1..<max(blocks, 2)).map { _ in .allocate(capacity: capacity) }
        self.spill = spill
    }

    deinit {
        start.deallocate()
        for spare in spares { spare.deallocate() }
    }

    /// How many of the last bytes written a spilling buffer keeps.
    private static let keptBySpill = 16

    /// Hands every byte held to the buffer's spill, if it has one, as the last, and empties the buffer.
    mutating func drain() {
        guard let spill else { return }
        spill(UnsafeRawBufferPointer(start: start, count: count), true)
        count = 0
    }

    /// Appends the bytes held by `other`.
    mutating func append(_ other: borrowing TextBuffer) {
        append(other, from: 0, count: other.count)
    }

    /// Appends `count` of the bytes held by `other`, from the one at `offset`.
    mutating func append(_ other: borrowing TextBuffer, from offset: Int, count: Int) {
        precondition(offset >= 0 && count >= 0 && offset + count <= other.count, "bytes outside the buffer")
        append(bytes: UnsafeBufferPointer(start: other.start + offset, count: count))
    }

    /// Appends a copy of `count` of the buffer's own bytes, from the one at `offset`; not for a spilling buffer, whose
    /// earlier bytes are gone.
    mutating func appendCopy(from offset: Int, count: Int) {
        precondition(spill == nil, "a spilling buffer keeps only its last bytes")
        precondition(offset >= 0 && count >= 0 && offset + count <= self.count, "bytes outside the buffer")
        makeRoom(for: count)
        (start + self.count).update(from: start + offset, count: count)
        self.count += count
    }

    /// The text written so far (that held, for a spilling buffer).
    var text: String {
        String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Whether the text written so far ends with `suffix`, compared byte by byte.
    func hasSuffix(_ suffix: StaticString) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard count >= length else { return false }
        return suffix.withUTF8Buffer { UnsafeBufferPointer(start: start + count - length, count: length).elementsEqual($0) }
    }

    @inline(__always)
    mutating func append(_ text: String) {
        text.withUTF8Bytes { append(bytes: $0) }
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append(bytes: $0) }
    }

    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }

    /// Appends one byte.
    @inline(__always)
    mutating func append(byte: UInt8) {
        makeRoom(for: 1)
        start[count] = byte
        count += 1
    }

    /// Appends `byte` `times` times.
    @inline(__always)
    mutating func append(byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if _slowPath(capacity - count < times) && spill != nil {
            return appendSpilling(times) { $0.initialize(repeating: byte, count: $2) }
        }
        makeRoom(for: times)
        (start + count).initialize(repeating: byte, count: times)
        count += times
    }

    @inline(__always)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if _slowPath(capacity - count < bytes.count) && spill != nil {
            return appendSpilling(bytes.count) { $0.initialize(from: source + $1, count: $2) }
        }
        makeRoom(for: bytes.count)
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends an integer in decimal, as `String(value)` spells it, digit by digit without a String between.
    mutating func append(_ value: some BinaryInteger) {
        guard let small = Int64(exactly: value) else { return append(String(value)) }
        append(small)
    }

    /// Appends `value` in decimal, as `String(value)` spells it.
    mutating func append(_ value: Int64) {
        // 19 digits and a sign hold every Int64.
        makeRoom(for: 20)
        if value < 0 {
            start[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var index = count + digits
        count = index
        repeat {
            index -= 1
            start[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// Appends `text` with each byte that `isPlain` rejects handed to `escape` (with the text's bytes and the byte's
    /// index, returning how many bytes it consumed); runs of plain bytes are copied at once.
    @inline(__always)
    mutating func append(_ text: String, escapingWhere isPlain: (UInt8) -> Bool,
                         escape: (inout TextBuffer, UnsafeBufferPointer<UInt8>, Int) -> Int) {
        text.withUTF8Bytes { utf8 in
            var run = 0, index = 0
            while true {
                while index < utf8.count && isPlain(utf8[index]) { index += 1 }
                append(bytes: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                guard index < utf8.count else { return }
                index += escape(&self, utf8, index)
                run = index
            }
        }
    }

    /// Appends `total` bytes, more than a spilling buffer has room for: `fill` writes them part by part (at the
    /// place given, from the offset given, so many), each part filling the block, which then spills, so the blocks
    /// keep their size however many bytes come at once.
    private mutating func appendSpilling(_ total: Int,
                                         _ fill: (UnsafeMutablePointer<UInt8>, _ offset: Int, _ count: Int) -> Void) {
        var done = 0
        while done < total {
            if count == capacity { grow(toHold: 1) }
            let part = min(total - done, capacity - count)
            fill(start + count, done, part)
            count += part
            done += part
        }
    }

    /// Makes sure that `more` bytes fit after those written.
    @inline(__always)
    private mutating func makeRoom(for more: Int) {
        if _slowPath(capacity - count < more) { grow(toHold: more) }
    }

    /// Spills the bytes written but the last few and goes on in the other block, if the buffer spills, and returns if
    /// that makes room for `more`; else moves the bytes written to memory with room for `more` after them, at least
    /// doubling the room.
    private mutating func grow(toHold more: Int) {
        if let spill, count >= 2 * TextBuffer.keptBySpill {
            let kept = TextBuffer.keptBySpill
            spill(UnsafeRawBufferPointer(start: start, count: count - kept), false)
            let next = spares.removeFirst()
            next.initialize(from: start + count - kept, count: kept)
            spares.append(start)
            start = next
            count = kept
            if capacity - count >= more { return }
        }
        precondition(spill == nil, "a spilling buffer's blocks keep their size")
        capacity = max(2 * capacity, count + more)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: start, count: count)
        start.deallocate()
        start = grown
    }
}

extension String {
    /// Calls `body` with the string's UTF-8, in place where the string is stored contiguously.
    @inline(__always)
    fileprivate func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
