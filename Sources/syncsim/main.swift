import Foundation
import SyncSimCLI

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
