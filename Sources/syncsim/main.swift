import Foundation
import SyncSimCLI

// A reader that goes away (`syncsim run | head -1`) makes writes fail with EPIPE, which the console reports, instead
// of killing the run before its reports are written.
signal(SIGPIPE, SIG_IGN)
#if os(Linux)
// This process runs simulation after simulation (a suite, a fuzz campaign, the bench), each freeing megabytes the next
// allocates again. glibc raises its thresholds as mapped blocks are freed; until they rise, and whenever a run's last
// free leaves the heap's top just over them, it hands that top back to the system only to fault it in again page by
// page. These are the ceilings it rises to on 64-bit, from the start: blocks under 32 MB come from the heap, and up
// to 64 MB of freed top stays (in each thread's arena: `fuzz --jobs`). They override `GLIBC_TUNABLES`. `mallopt` is
// looked up by name, as the Glibc module leaves out `malloc.h`; its options are `M_MMAP_THRESHOLD` (-3) and
// `M_TRIM_THRESHOLD` (-1) there.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 32 << 20)
    _ = mallopt(-1, 64 << 20)
}
#endif
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
