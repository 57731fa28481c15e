import Foundation
import SyncSimCLI

// A reader that goes away (`syncsim run | head -1`) makes writes fail with EPIPE, which the console reports, instead
// of killing the run before its reports are written.
signal(SIGPIPE, SIG_IGN)
exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
