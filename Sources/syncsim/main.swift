import Foundation
import SyncSimCLI

// A reader that goes away (`syncsim run | head -1`) makes writes fail with EPIPE, which the console reports, instead
// of killing the run before its reports are written.
signal(SIGPIPE, SIG_IGN)
#if os(Linux)
// This process runs simulation after simulation (a suite, a fuzz campaign, the bench), each freeing megabytes the next
// allocates again. glibc moves its thresholds as mapped blocks are freed, and a run whose last free leaves the heap's
// top just over the trim threshold hands that top back to the system, to fault it in again page by page, every run:
// a 10,000-action run took five times the page faults for it. Fixed thresholds end that: blocks under 4 MB come from
// the heap, and up to 8 MB of freed top stays for the next run (in each thread's arena: `fuzz --jobs`), little
// beside what a large run holds. Higher ones made a 10^7-event run 9% faster but raised its peak memory by 13%.
// They override `GLIBC_TUNABLES`. `mallopt` is looked up by name, as the Glibc module leaves out `malloc.h`; its
// options are `M_MMAP_THRESHOLD` (-3) and `M_TRIM_THRESHOLD` (-1) there.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 4 << 20)
    _ = mallopt(-1, 8 << 20)
}
#endif
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
