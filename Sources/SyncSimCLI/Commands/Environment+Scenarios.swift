import SyncSimulator

extension Environment {
    /// The scenario files under `paths`, or `nil` after telling the user why there are none.
    func scenarioFiles(_ paths: [String]) -> [ScenarioFile]? {
        do {
            return try ScenarioFinder.find(paths)
        } catch {
            console.error("Error: \(error)")
            return nil
        }
    }

    /// The file's scenario, or `nil` after printing its issues to standard error.
    func load(_ file: ScenarioFile) -> Scenario? {
        try? loadReporting(file).get()
    }

    /// The file's scenario, or why it could not be loaded after printing that to standard error.
    func loadReporting(_ file: ScenarioFile) -> Result<Scenario, ScenarioError> {
        let loaded = loadScenario(file.path)
        if case let .failure(error) = loaded { console.error(error.description) }
        return loaded
    }

    /// `[k/n] path` on standard error before the k-th of n files, when standard error is a terminal.
    func showProgress(_ index: Int, of count: Int, _ file: ScenarioFile) {
        if console.errorIsTerminal { console.error("[\(index + 1)/\(count)] \(file.path)") }
    }
}
