/// A path on the command line that yields no scenario files.
enum ScenarioFinderError: Error, Equatable, CustomStringConvertible {
    case notFound(String)
    case noScenarios(String)

    var description: String {
        switch self {
        case let .notFound(path): return "no such file or folder '\(path)'"
        case let .noScenarios(path): return "no scenario files under '\(path)'"
        }
    }
}
