#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// An open file that a report's chunks are written to in order, while the next ones are made.
///
/// The writes run on a queue of their own, one at a time; the first error is remembered and the bytes after it are
/// dropped. The last chunk is written, after all before it, before `append` returns, so `failure` is read once every
/// write has ended.
final class FileOutput: @unchecked Sendable {
    /// Writes bytes to a file, as POSIX `write` does: how many it wrote, or -1 with `errno` set.
    typealias Write = (_ file: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

    /// How many bytes of a file are made before they are written out: enough that writes are few, little enough that
    /// a file of hundreds of megabytes is written as it is made, not built whole first.
    static let chunk = 1 << 20
    /// How many chunks are made in turn: while one is made, the others may wait to be written, so a writer that is
    /// late to wake catches up without holding the making back.
    static let blocks = 4

    private let file: Int32
    /// The `errno` of the first write that failed.
    private(set) var failure: Int32?
    private let write: Write
    private let queue = DispatchQueue(label: "syncsim.report-file")
    /// A permit for each chunk that may wait to be written when `append` returns: one fewer than the blocks a buffer
    /// fills in turn, so the block it fills next has been written out.
    private let room: DispatchSemaphore
    private let pending: Int

    /// Writes what `fill` appends to `file`, chunk by chunk as it is made, and returns the `errno` of the first write
    /// that failed, if one did. `chunk` and `blocks` are the buffer's; `write` is POSIX `write` but in tests.
    static func fill(_ file: Int32, chunk: Int = FileOutput.chunk, blocks: Int = FileOutput.blocks,
                     write: @escaping Write = systemWrite,
                     _ fill: (inout TextBuffer) -> Void) -> Int32? {
        let output = FileOutput(file: file, blocks: blocks, write: write)
        var buffer = TextBuffer(capacity: chunk, blocks: output.pending + 1) { output.append($0, last: $1) }
        fill(&buffer)
        buffer.drain()
        return output.failure
    }

    private init(file: Int32, blocks: Int, write: @escaping Write) {
        self.file = file
        self.write = write
        pending = max(blocks, 2) - 1
        room = DispatchSemaphore(value: pending)
    }

    /// Writes `bytes` once the chunks before them are written: in the background, so they must stay as they are
    /// until `pending` more calls, unless they are the `last`, which are written, with all before them, before it
    /// returns.
    private func append(_ bytes: UnsafeRawBufferPointer, last: Bool) {
        guard !last else {
            for _ in 0..<pending { room.wait() }
            writeOut(bytes)
            for _ in 0..<pending { room.signal() }
            return
        }
        room.wait()
        let chunk = Chunk(bytes: bytes)
        queue.async {
            self.writeOut(chunk.bytes)
            self.room.signal()
        }
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while failure == nil, let base = rest.baseAddress, !rest.isEmpty {
            let written = write(file, base, rest.count)
            if written < 0 {
                if errno != EINTR { failure = errno }
            } else {
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
    }

    /// Bytes handed to the queue, which the buffer leaves as they are until they are written.
    private struct Chunk: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
    }
}

/// POSIX `write`, named apart from `FileOutput`'s own.
private func systemWrite(_ file: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(file, bytes, count)
}
