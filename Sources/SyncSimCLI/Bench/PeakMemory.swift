import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's peak resident memory so far.
enum PeakMemory {
    /// In megabytes. On Linux from `VmHWM` in `/proc/self/status`, the peak of this program's own memory: a worker
    /// started by `Process` (vfork, then exec) inherits its parent's peak into `getrusage`'s `ru_maxrss`, so that
    /// would report the bench's peak instead of the worker's. Elsewhere from `getrusage`, in bytes on macOS.
    static var megabytes: Int {
        #if canImport(Darwin)
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1_048_576
        #else
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") {
            return kilobytes / 1_024
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1_024
        #endif
    }
}
