import SyncSimulator

/// The scenarios a bench run simulates, which `--write-scenarios` writes out for `syncsim run` to time as a whole process.
struct BenchScenarios {
    /// The realistic run: 5 devices, up to 1,000 records, the settings' user actions, and the loss and faults of seed 1.
    let realistic: Scenario
    /// The load run: the settings' offline devices each increment one counter and reconnect at settle.
    let load: Scenario
    /// The scale cases chosen, in table order.
    let scaleCases: [ScaleCase]

    init(_ settings: BenchSettings) {
        var generated = FuzzSettings()
        (generated.devices, generated.records, generated.actions) = (5, 1_000, settings.actions)
        // Its counts are left open, as for a generated scenario whose run crashed: the bench times it whatever it finds,
        // and its file, run on its own, then fails only when the run does not converge.
        var realistic = ScenarioGenerator.scenario(seed: 1, settings: generated).pinned(to: nil)
        realistic.name = "realistic-\(settings.actions)-actions"
        self.realistic = realistic
        load = .reconnectLoad(devices: settings.devices)
        scaleCases = settings.scaleCases
    }

    /// Every scenario: the realistic and load runs, then the scale cases'.
    var all: [Scenario] { [realistic, load] + scaleCases.map(\.scenario) }

    /// Writes each scenario as `<name>.json` straight under `folder`, atomically, and returns the paths written.
    func write(to folder: String) throws(ReportStoreError) -> [String] {
        let store = ReportStore(outputFolder: folder)
        var paths: [String] = []
        for scenario in all {
            paths.append(try store.write(ScenarioEncoder.text(of: scenario), toFileNamed: scenario.name + ".json"))
        }
        return paths
    }
}
