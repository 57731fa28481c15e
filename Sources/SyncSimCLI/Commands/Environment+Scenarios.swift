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
        switch loadScenario(file.path) {
        case let .success(scenario):
            return scenario
        case let .failure(error):
            console.error(error.description)
            return nil
        }
    }

    /// `[k/n] path` on standard error before the k-th of n files, when standard error is a terminal.
    func showProgress(_ index: Int, of count: Int, _ file: ScenarioFile) {
        if console.errorIsTerminal { console.error("[\(index + 1)/\(count)] \(file.path)") }
    }
}
