// Temporary stand-in for the loader being built on another branch; deleted at merge.

/// Reads and validates scenario files (stub until the real loader lands).
public enum ScenarioLoader {
    public static func load(path: String) -> Result<Scenario, ScenarioError> {
        .failure(ScenarioError(file: path, issues: [ScenarioIssue(path: "", message: "not implemented")]))
    }
}

/// Everything wrong with one scenario file.
public struct ScenarioError: Error, CustomStringConvertible {
    public var file: String
    public var issues: [ScenarioIssue]
    public init(file: String, issues: [ScenarioIssue]) {
        self.file = file
        self.issues = issues
    }
    public var description: String {
        issues.map { "\(file): \($0.path): \($0.message)" }.joined(separator: "\n")
    }
}

/// One problem in a scenario file, at a JSON path.
public struct ScenarioIssue: Sendable {
    public var path: String
    public var message: String
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
