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

    /// What a buffer of `blocks` blocks spilled stays as it is until it has spilled `blocks - 1` more times, so it can
    /// be written out meanwhile.
    @Test(arguments: [2, 4])
    func spilledBytesStayUntilTheBlocksComeRound(blocks: Int) {
        final class Handed {
            /// The bytes handed on by the last `blocks - 1` spills, with a copy of each as it was then.
            var recent: [(bytes: UnsafeRawBufferPointer, copy: [UInt8])] = []
            var spills = 0
            var changed = 0
            var lastOnce = 0
        }
        let handed = Handed()
        var buffer = TextBuffer(capacity: 64, blocks: blocks) { bytes, last in
            handed.changed += handed.recent.count { Array($0.bytes) != $0.copy }
            handed.recent.append((bytes, Array(bytes)))
            if handed.recent.count == blocks { handed.recent.removeFirst() }
            handed.spills += 1
            if last { handed.lastOnce += 1 }
        }
        for index in 0..<100 { buffer.append("line \(index) of the text\n") }
        buffer.drain()
        #expect(handed.spills > 30)
        #expect(handed.changed == 0)
        #expect(handed.lastOnce == 1)
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
