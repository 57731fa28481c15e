import SyncSimulator

/// The report files of one run, each claimed by the scenario file that writes it, so that two files never overwrite
/// each other's reports (two files in one folder with the same `name`, or same-named files given one by one).
struct ReportClaims {
    /// The file that claimed each report, by its folder within the suite and its scenario's name in lower case (a
    /// case-insensitive file system, macOS's by default, takes `A.md` and `a.md` for one file).
    private var owners: [String: ScenarioFile] = [:]

    /// Claims the report of `scenario`, loaded from `file`; an error naming both files when another file claimed it.
    mutating func claim(_ scenario: Scenario, of file: ScenarioFile) -> ScenarioError? {
        let report = ReportStore.reportStem(suitePath: file.suitePath, scenario: scenario.name)
        guard let owner = owners[report.lowercased()] else {
            owners[report.lowercased()] = file
            return nil
        }
        let message = "\"\(scenario.name)\" is also the name of \(owner.path), whose report '\(report).md' this file's would "
            + "overwrite; give one of them another \"name\""
        return ScenarioError(file: file.path, issues: [ScenarioIssue(path: "name", message: message)])
    }
}
