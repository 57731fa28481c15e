import Testing
@testable import SyncSimCLI

/// Help pages, the version, and usage errors print what swift-argument-parser would, with exit codes 0 and 64.
@Suite struct HelpTests {
    @Test func runHelpIsExact() {
        let outcome = runCLI(["run", "--help"])
        #expect(outcome.code == 0)
        #expect(outcome.err.isEmpty)
        #expect(outcome.out == """
            OVERVIEW: Run scenarios and write their reports.

            Scenarios run in the order given; a folder's files in sorted path order.
            Each report goes to '<out>/<folder within the suite>/<name>.md', '.json' and
            '.html' (see --format), and '<out>/index.html' lists them all. With junit
            among the formats, '<out>/junit.xml' holds the whole run (simulated times).

            Exit codes: 0 every scenario passed; 1 an expectation failed, a run
            exhausted its budget or traced differently in two processes; 65 a scenario
            file was invalid (this wins over 1); 64 bad usage; 66 a path does not exist
            or holds no scenario files; 73 a report could not be written; 74 standard
            output or error could not be written (a closed pipe, a full disk), though the
            run went on to the end and every report was written.

            USAGE: syncsim run [--seed <seed>] [--strategy <strategy>] [--strategy-option <key=value>] [--out <out>] [--format <formats>] [--quiet] [--trace] [--check-determinism] [<paths> ...]

            ARGUMENTS:
              <paths>                 Scenario files, or folders searched recursively for '*.json'. (default: Scenarios)

            OPTIONS:
              -s, --seed <seed>       Run with this seed instead of each scenario's.
              --strategy <strategy>   Run with this built-in strategy instead of each scenario's:
                                      lww, server-wins, client-wins, field-merge, user-choice.
              --strategy-option <key=value>
                                      Set an option of the strategy; repeatable
                                      (e.g. choice=keep-server, decideAfter=30m).
              -o, --out <out>         The folder to write reports under. (default: Reports)
              --format <formats>      Write these report formats, comma-separated:
                                      md, json, html (one file per scenario), junit (<out>/junit.xml). (default: md,json,html)
              -q, --quiet             Print only failures and the summary.
              --trace                 Also write every event of each run as JSON Lines,
                                      '<name>.trace.jsonl' beside its report.
              --check-determinism     Run each scenario again in another process and
                                      fail it if the two traces differ.
              -h, --help              Show help information.

            """)
    }

    @Test func compareHelpIsExact() {
        let outcome = runCLI(["compare", "--help"])
        #expect(outcome.code == 0)
        #expect(outcome.out == """
            OVERVIEW: Run scenarios under several strategies and write a matrix of outcomes.

            Each scenario runs once under each strategy, with its own seed (or '--seed'),
            and the matrix goes to '<out>/compare.md', '.json' and '.html': a row per scenario,
            a column per strategy. A cell reads '✓ 10m · z0 l1 d0 c0': converged (✓) or
            not (✗), when the run went quiet (or 'never'), then zombies, lost updates,
            duplicates and conflicts shown to users. No per-scenario reports are written.

            Exit codes: 0 the matrix was written, whatever the expectations; 65 a scenario
            file was invalid (the others are still compared); 64 bad usage; 66 a path does
            not exist or holds no scenario files; 73 the matrix could not be written;
            74 standard output or error could not be written.

            USAGE: syncsim compare [--strategies <strategies>] [--seed <seed>] [--out <out>] [<paths> ...]

            ARGUMENTS:
              <paths>                 Scenario files, or folders searched recursively for '*.json'. (default: Scenarios)

            OPTIONS:
              --strategies <strategies>
                                      The built-in strategies to compare, separated by commas. (default: lww,server-wins,client-wins,field-merge,user-choice)
              -s, --seed <seed>       Run with this seed instead of each scenario's.
              -o, --out <out>         The folder to write reports under. (default: Reports)
              -h, --help              Show help information.

            """)
        #expect(runCLI(["help", "compare"]).out == outcome.out)
    }

    @Test func everyWayToAskForRunHelpAgrees() {
        let expected = runCLI(["run", "--help"]).out
        #expect(runCLI(["help", "run"]).out == expected)
        #expect(runCLI(["run", "x", "-h"]).out == expected)
    }

    @Test func programHelpListsSubcommands() {
        let outcome = runCLI([])
        #expect(outcome.code == 0)
        #expect(outcome.out.hasPrefix("OVERVIEW: Simulate offline-first sync across virtual devices, deterministically.\n\nUSAGE: syncsim <subcommand>\n"))
        #expect(outcome.out.hasSuffix("""
            SUBCOMMANDS:
              run                     Run scenarios and write their reports.
              compare                 Run scenarios under several strategies and write a matrix of outcomes.
              fuzz                    Generate scenarios from seeds, run them, and shrink every failure.
              shrink                  Shrink a failing scenario to a minimal one that fails the same way.
              validate                Check scenario files without running them.
              schema                  Print the JSON Schema of the scenario format.
              bench                   Measure the engine's cost per event against a bare binary heap.
              help                    Show help for a subcommand.

              See 'syncsim help <subcommand>' for detailed help.

            """))
        #expect(runCLI(["--help"]).out == outcome.out)
        #expect(runCLI(["help"]).out == outcome.out)
        #expect(runCLI(["-h", "run"]).out == outcome.out)
    }

    @Test func versionPrintsOneLine() {
        let outcome = runCLI(["--version"])
        #expect(outcome.code == 0)
        #expect(outcome.out == "syncsim \(CLI.version)\n")
        #expect(CLI.version == "0.1.0")
    }

    @Test func usageErrorPrintsErrorAndUsageToStandardErrorWithCode64() {
        let outcome = runCLI(["run", "--sed", "3"])
        #expect(outcome.code == 64)
        #expect(outcome.out.isEmpty)
        #expect(outcome.err == """
            Error: unknown option '--sed'; did you mean '--seed'?
            Usage: syncsim run [--seed <seed>] [--strategy <strategy>] [--strategy-option <key=value>] [--out <out>] [--format <formats>] [--quiet] [--trace] [--check-determinism] [<paths> ...]
              See 'syncsim run --help' for more information.

            """)
    }

    @Test func unknownCommandSuggestsTheClosest() {
        let outcome = runCLI(["rnu"])
        #expect(outcome.code == 64)
        #expect(outcome.err.hasPrefix("Error: unknown command 'rnu'; did you mean 'run'?\nUsage: syncsim <subcommand>\n"))
        #expect(runCLI(["help", "valdate"]).err.hasPrefix("Error: unknown command 'valdate'; did you mean 'validate'?\n"))
    }

    @Test func badStrategyListsTheBuiltIns() {
        let outcome = runCLI(["run", "--strategy", "newest"])
        #expect(outcome.code == 64)
        #expect(outcome.err.hasPrefix("Error: invalid value 'newest' for '--strategy'; expected one of "
            + "'lww', 'server-wins', 'client-wins', 'field-merge', 'user-choice'\n"))
    }

    @Test func otherUsageErrorsExitWith64() {
        #expect(runCLI(["run", "--seed", "x"]).code == 64)
        #expect(runCLI(["run", "--seed"]).code == 64)
        #expect(runCLI(["validate"]).code == 64)
        #expect(runCLI(["--version", "extra"]).code == 64)
        #expect(runCLI(["--verbose"]).code == 64)
    }
}
