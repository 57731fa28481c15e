/// `syncsim validate`: loads scenario files without running them and prints what is wrong with each.
enum ValidateCommand {
    static let paths = ArgumentSpec.scenarioPaths(defaultValue: nil)

    static let spec = CommandSpec(
        qualifiedName: "syncsim validate",
        abstract: "Check scenario files without running them.",
        discussion: """
            Prints 'OK  <path>' for each valid file and the issues of each invalid one.

            Exit codes: 0 every file is valid; 65 a file is invalid; 64 bad usage;
            66 a path does not exist or holds no scenario files; 74 standard output or
            error could not be written.
            """,
        arguments: [paths])

    static let command = Command(spec: spec, execute: execute)

    static func execute(_ arguments: ParsedArguments, in environment: Environment) -> ExitCode {
        guard let files = environment.scenarioFiles(arguments.values(of: paths)) else { return .noInput }
        var allValid = true
        for file in files {
            if environment.load(file) != nil {
                environment.console.out("OK  \(file.path)")
            } else {
                allValid = false
            }
        }
        return allValid ? .success : .invalidScenario
    }
}
