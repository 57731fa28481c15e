import SyncSimulator
@testable import SyncSimCLI

/// What one CLI invocation printed and returned.
struct CLIOutcome {
    var code: Int32
    var out: String
    var err: String
}

/// Runs the CLI with its output captured, in the environment `makeEnvironment` builds around the capturing console.
func runCaptured(_ arguments: [String], errorIsTerminal: Bool = false,
                 makeEnvironment: (Console) -> Environment) -> CLIOutcome {
    final class Buffers {
        var out = ""
        var err = ""
    }
    let buffers = Buffers()
    let console = Console(writeOutput: { buffers.out += $0 }, writeError: { buffers.err += $0 },
                          errorIsTerminal: errorIsTerminal)
    let code = CLI.main(arguments, environment: makeEnvironment(console))
    return CLIOutcome(code: code, out: buffers.out, err: buffers.err)
}

/// Runs the CLI with captured output and the real loader and simulation.
func runRealCLI(_ arguments: [String]) -> CLIOutcome {
    runCaptured(arguments) { Environment(console: $0) }
}
