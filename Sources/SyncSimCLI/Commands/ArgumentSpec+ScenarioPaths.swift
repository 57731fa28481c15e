extension ArgumentSpec {
    /// The scenario files and folders that `run`, `compare` and `validate` take.
    static func scenarioPaths(defaultValue: String?) -> ArgumentSpec {
        ArgumentSpec(name: "paths", help: "Scenario files, or folders searched recursively for '*.json'.",
                     isRepeating: true, isOptional: defaultValue != nil, defaultValue: defaultValue)
    }
}
