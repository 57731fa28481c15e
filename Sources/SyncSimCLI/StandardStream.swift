#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the process's standard streams, written with `write(2)`: a failed write (a closed pipe, a full disk, a closed
/// descriptor) is remembered, later writes are dropped, and nothing traps.
final class StandardStream: @unchecked Sendable {
    let descriptor: Int32
    /// The stream's name in messages, e.g. `standard output`.
    let name: String
    /// The `errno` of the first write that failed; nil while every write succeeded.
    private(set) var failure: Int32?

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
        failure.map { "\(name): \(String(cString: strerror($0)))" }
    }
}
