import Testing
import SyncSimulator
@testable import SyncSimCLI

/// The parser reads options in both forms, positional values and `--`, and names what is wrong.
@Suite struct ArgumentParserTests {
    let spec = RunCommand.spec

    @Test func readsOptionsInBothFormsFlagsAndPaths() throws {
        let parsed = try ArgumentParser.parse(["a", "--seed", "42", "--strategy=lww", "--quiet", "b", "--out=x=y"], for: spec)
        #expect(parsed.values(of: RunCommand.paths) == ["a", "b"])
        #expect(try parsed.unsignedInteger(OptionSpec.seed) == 42)
        #expect(parsed.value(of: RunCommand.strategy) == "lww")
        #expect(parsed.value(of: OptionSpec.out) == "x=y")
        #expect(parsed.isSet(RunCommand.quiet))
    }

    @Test func leftOutValuesTakeTheirDefaults() throws {
        let parsed = try ArgumentParser.parse([], for: spec)
        #expect(parsed.values(of: RunCommand.paths) == ["Scenarios"])
        #expect(parsed.value(of: OptionSpec.out) == "Reports")
        #expect(try parsed.unsignedInteger(OptionSpec.seed) == nil)
        #expect(!parsed.isSet(RunCommand.quiet))
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--seed", "-x"], for: spec)
        #expect(parsed.values(of: RunCommand.paths) == ["--seed", "-x"])
    }

    @Test func unknownOptionSuggestsTheClosest() {
        #expect(throws: UsageError.unknownOption("--sed", suggestion: "--seed")) {
            try ArgumentParser.parse(["--sed", "1"], for: spec)
        }
        #expect(UsageError.unknownOption("--sed", suggestion: "--seed").description
            == "unknown option '--sed'; did you mean '--seed'?")
        #expect(throws: UsageError.unknownOption("--verbose", suggestion: nil)) {
            try ArgumentParser.parse(["--verbose"], for: spec)
        }
    }

    @Test func missingValueNamesTheOption() {
        #expect(throws: UsageError.missingValue(option: "--seed <seed>")) { try ArgumentParser.parse(["--seed"], for: spec) }
        #expect(throws: UsageError.missingValue(option: "--out <out>")) {
            try ArgumentParser.parse(["--out", "--quiet"], for: spec)
        }
        #expect(throws: UsageError.missingValue(option: "-o <out>")) { try ArgumentParser.parse(["-o", "-q"], for: spec) }
    }

    @Test func badIntegerIsRejected() throws {
        for text in ["abc", "-1", "1.5", "18446744073709551616"] {
            let parsed = try ArgumentParser.parse(["--seed", text], for: spec)
            #expect(throws: UsageError.invalidInteger(option: "--seed", value: text)) {
                try parsed.unsignedInteger(OptionSpec.seed)
            }
        }
    }

    @Test func flagWithValueIsRejected() {
        #expect(throws: UsageError.unexpectedValue(flag: "--quiet")) { try ArgumentParser.parse(["--quiet=yes"], for: spec) }
    }

    @Test func positionalValuesMustFitTheArguments() {
        #expect(throws: UsageError.missingArgument("<paths> ...")) { try ArgumentParser.parse([], for: ValidateCommand.spec) }
        #expect(throws: UsageError.unexpectedArgument("extra")) {
            try ArgumentParser.parse(["run", "extra"], for: HelpCommand.spec)
        }
    }

    @Test func helpIsFoundBeforeDoubleDashOnly() {
        #expect(ArgumentParser.wantsHelp(["a", "-h"]))
        #expect(ArgumentParser.wantsHelp(["--help"]))
        #expect(!ArgumentParser.wantsHelp(["--", "--help"]))
    }

    @Test func suggestionsNeedAPlausibleTypo() {
        #expect(Suggestion.closest(to: "valdate", among: ["run", "validate", "help"]) == "validate")
        #expect(Suggestion.closest(to: "zzzzzz", among: ["run", "validate", "help"]) == nil)
        #expect(Suggestion.closest(to: "rnu", among: ["run", "validate", "help"]) == "run")
        #expect(Suggestion.closest(to: "clcok", among: ["clock", "client"]) == "clock")
    }
}
