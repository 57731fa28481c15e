#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// One of the process's standard streams, written with `write(2)`: a failed write (a closed pipe, a full disk, a closed
/// descriptor) is remembered, later writes are dropped, and nothing traps.
final class StandardStream: @unchecked Sendable {
    // Every write and every read of `failure` goes through `lock`, so lines from several threads stay whole.
    private let lock = DispatchSemaphore(value: 1)
    let descriptor: Int32
    /// The stream's name in messages, e.g. `standard output`.
    let name: String
    /// The `errno` of the first write that failed; nil while every write succeeded.
    private var failure: Int32?

    /// The stream on `descriptor`; a descriptor that is not open counts as failed (EBADF) and is pointed at
    /// `/dev/null`, so that no file the run opens later takes its number and receives the console's text.
    init(_ descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        if fcntl(descriptor, F_GETFD) == -1, errno == EBADF {
            failure = EBADF
            let null = open("/dev/null", O_RDWR)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }

    /// Writes all of `text`, retrying after interruptions, partial writes and a full non-blocking pipe, unless an earlier
    /// write failed.
    func write(_ text: String) {
        lock.wait()
        defer { lock.signal() }
        guard failure == nil else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress, buffer.count)
                #else
                Darwin.write(descriptor, buffer.baseAddress, buffer.count)
                #endif
            }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
            } else if errno == EAGAIN {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
            } else if errno != EINTR {
                failure = errno
                return
            }
        }
    }

    /// `standard output: Broken pipe`, once a write failed.
    var failureDescription: String? {
        lock.wait()
        defer { lock.signal() }
        return failure.map { "\(name): \(String(cString: strerror($0)))" }
    }
}
