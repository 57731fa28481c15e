/// One problem in a scenario file: where (a key path such as `devices[1].clock.skew`, or a line and column) and what.
public struct ScenarioIssue: Hashable, Sendable, CustomStringConvertible {
    /// The key path, `line 3, column 14` for a syntax error, or empty for the file as a whole.
    public var path: String
    /// Lower case, names in quotes, saying what was expected and what was found.
    public var message: String

    /// An issue at `path` saying `message`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone when there is no path.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Why a scenario file could not be loaded: every issue found in it, in document order.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as messages show it.
    public var file: String
    /// Every problem found, in document order.
    public var issues: [ScenarioIssue]

    /// An error for `file` with its issues.
    public init(file: String, issues: [ScenarioIssue]) {
        self.file = file
        self.issues = issues
    }

    /// One line per issue: `FILE: path.to.key: expected …, found …`.
    public var description: String {
        issues.map { "\(file): \($0)" }.joined(separator: "\n")
    }
}
