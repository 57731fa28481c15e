import Testing
@testable import SyncSimulator

/// A buffer that spills hands on every byte once, in order, whatever the sizes of the appends, and still sees the end
/// of its text.
@Suite struct TextBufferTests {
    /// Collects what a buffer spills.
    final class Collected {
        var bytes: [UInt8] = []
        var largest = 0
    }

    /// It also keeps to its capacity: an append larger than the room left is spilled block by block, so a file is
    /// written in chunks of one size, each while the next is made.
    @Test func aSpillingBufferHandsOnEveryByteInOrderAndInBlocksOfItsCapacity() {
        let collected = Collected()
        var buffer = TextBuffer(capacity: 64) { bytes, _ in
            collected.bytes += bytes
            collected.largest = max(collected.largest, bytes.count)
        }
        var expected: [UInt8] = []
        for index in 0..<500 {
            // Appends of 0 to 150 bytes: some larger than the whole buffer.
            let piece = String(repeating: String(index % 10), count: (index * 37) % 151)
            buffer.append(piece)
            expected += piece.utf8
            buffer.append(index)
            expected += String(index).utf8
            // Runs of one byte, from none to past a whole block.
            let run = (index * 53) % 97
            buffer.append(byte: UInt8(ascii: "-"), times: run)
            expected += Array(repeating: UInt8(ascii: "-"), count: run)
        }
        buffer.drain()
        let left = buffer.count
        #expect(collected.bytes == expected)
        #expect(left == 0)
        #expect(collected.largest <= 64)
    }

    /// What a buffer spilled stays as it is until it spills again, so it can be written out meanwhile.
    @Test func spilledBytesStayUntilTheNextSpill() {
        final class Handed {
            var bytes: UnsafeRawBufferPointer?
            var copy: [UInt8] = []
            var unchanged = 0
            var lastOnce = 0
        }
        let handed = Handed()
        var buffer = TextBuffer(capacity: 64) { bytes, last in
            if let previous = handed.bytes, Array(previous) == handed.copy { handed.unchanged += 1 }
            handed.bytes = bytes
            handed.copy = Array(bytes)
            if last { handed.lastOnce += 1 }
        }
        for index in 0..<100 { buffer.append("line \(index) of the text\n") }
        buffer.drain()
        #expect(handed.unchanged > 30 && handed.lastOnce == 1)
    }

    @Test func aSpillingBufferStillSeesTheEndOfItsText() {
        var buffer = TextBuffer(capacity: 64) { _, _ in }
        for _ in 0..<10 {
            buffer.append(String(repeating: "x", count: 60))
            buffer.append("\n\n")
            let endsBlank = buffer.hasSuffix("\n\n")
            buffer.append(byte: UInt8(ascii: "y"))
            let endsBlankAfterLetter = buffer.hasSuffix("\n\n")
            #expect(endsBlank && !endsBlankAfterLetter)
        }
    }

    @Test(arguments: [Int64.min, -1_234_567_890, -10, -1, 0, 7, 10, 99, 100, 9_007_199_254_740_992, Int64.max])
    func integersAreSpelledAsStringSpellsThem(value: Int64) {
        var buffer = TextBuffer(capacity: 16)
        buffer.append(value)
        let text = buffer.text
        #expect(text == String(value))
    }
}
