/// A scenario file found on disk: the path to open and show, and its place in its suite.
struct ScenarioFile: Equatable {
    /// The path as the user gave it, joined with the file's place under a folder they gave.
    var path: String
    /// The path relative to the suite root, with forward slashes; reports mirror it.
    var suitePath: String
}
