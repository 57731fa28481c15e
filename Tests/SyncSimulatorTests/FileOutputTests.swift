import Foundation
import Testing
@testable import SyncSimulator

/// A report file is written chunk by chunk on another thread while the next chunks are made: every byte arrives once
/// and in order, however late the writer is, and the first failed write is reported.
@Suite struct FileOutputTests {
    /// What a stand-in `write` was handed, in order, taken under a lock since it runs on the writer's thread.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [UInt8] = []
        private var calls = 0

        var bytes: [UInt8] { lock.withLock { collected } }

        /// Takes at most `limit` of `count` bytes after `delay` microseconds, failing the call numbered `failing`
        /// with `errno` set to `code`.
        func write(_ bytes: UnsafeRawPointer, _ count: Int, delay: UInt32 = 0, limit: Int = .max,
                   failing: Int? = nil, code: Int32 = EIO) -> Int {
            if delay > 0 { usleep(delay) }
            return lock.withLock {
                calls += 1
                if calls == failing {
                    errno = code
                    return -1
                }
                let taken = min(count, limit)
                collected += UnsafeRawBufferPointer(start: bytes, count: taken)
                return taken
            }
        }
    }

    /// The text the tests write: 300 numbered lines, some 6,000 bytes, about a hundred chunks of 64.
    static func fill(_ buffer: inout TextBuffer) {
        for index in 0..<300 { buffer.append("line \(index) of the text\n") }
    }

    /// Whether `bytes` are the text, or the start of it, byte for byte (said without printing thousands of bytes).
    static func matches(_ bytes: [UInt8], prefixOnly: Bool = false) -> Bool {
        var buffer = TextBuffer()
        fill(&buffer)
        let expected = Array(buffer.text.utf8)
        return prefixOnly ? expected.starts(with: bytes) : bytes == expected
    }

    /// Writes the text in chunks of 64 bytes through a stand-in `write`, and returns the failure reported and what
    /// the stand-in took.
    static func write(blocks: Int = FileOutput.blocks, _ take: @escaping (Written, UnsafeRawPointer, Int) -> Int)
        -> (failure: Int32?, bytes: [UInt8]) {
        let written = Written()
        let failure = FileOutput.fill(-1, chunk: 64, blocks: blocks, write: { take(written, $1, $2) }, fill)
        return (failure, written.bytes)
    }

    /// The writer is slower than the maker, so the maker fills its blocks as soon as it may: a block filled again
    /// before it was written out, or a last chunk written before those still waiting, shows in the bytes.
    @Test(arguments: [2, 4])
    func aSlowWriterGetsEveryByteInOrder(blocks: Int) {
        let (failure, bytes) = FileOutputTests.write(blocks: blocks) { $0.write($1, $2, delay: 300) }
        let whole = FileOutputTests.matches(bytes)
        #expect(failure == nil && whole)
    }

    /// A write that takes part of its bytes, or is interrupted, is carried on from where it stopped.
    @Test func partAndInterruptedWritesAreCarriedOn() {
        let (failure, bytes) = FileOutputTests.write { $0.write($1, $2, limit: 7, failing: 3, code: EINTR) }
        let whole = FileOutputTests.matches(bytes)
        #expect(failure == nil && whole)
    }

    /// The first failed write is the file's failure, and nothing after it is written.
    @Test func theFirstFailureIsReportedAndNothingAfterIt() {
        let (failure, bytes) = FileOutputTests.write { $0.write($1, $2, failing: 5, code: ENOSPC) }
        let start = FileOutputTests.matches(bytes, prefixOnly: true)
        #expect(failure == ENOSPC && start)
        #expect(bytes.count < 5 * 64)
    }
}
