import Foundation
import SyncSimCLI

// A reader that goes away (`syncsim run | head -1`) makes writes fail with EPIPE, which the console reports, instead
// of killing the run before its reports are written.
signal(SIGPIPE, SIG_IGN)
#if os(Linux)
// This process runs simulation after simulation (a suite, a fuzz campaign, the bench), each freeing megabytes the next
// allocates again. glibc moves its thresholds as mapped blocks are freed, and a run whose last free leaves the heap's
// top just over the trim threshold hands that top back to the system, to fault it in again page by page, every run:
// a 10,000-action run took seven times the page faults for it. Fixed thresholds end that: blocks under 32 MB (glibc's
// own ceiling) come from the heap, which a report's large buffers need to be reused rather than mapped anew, and up
// to 8 MB of freed top stays for the next run (in each thread's arena: `fuzz --jobs`), little beside what a large run
// holds. A 64 MB top made a 10^7-event run 9% faster but raised its peak memory by 13%; a 4 MB block threshold made
// the records case's reports a third slower. They override `GLIBC_TUNABLES`. `mallopt` is looked up by name, as the
// Glibc module leaves out `malloc.h`; its options are `M_MMAP_THRESHOLD` (-3) and `M_TRIM_THRESHOLD` (-1) there.
if let symbol = dlsym(nil, "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-3, 32 << 20)
    _ = mallopt(-1, 8 << 20)
}
#endif
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
