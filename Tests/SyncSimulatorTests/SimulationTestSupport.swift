import Foundation
import SyncSimulator

/// Helpers that load scenarios (inline or bundled) and run them.
enum SimulationTestSupport {
    /// The package's root folder, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every bundled scenario file, relative to `Scenarios/`, in sorted order (the schema beside them is none).
    static var bundledPaths: [String] {
        let root = packageRoot.appendingPathComponent("Scenarios")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.sorted()
    }

    /// The bundled scenario at `path` under `Scenarios/`.
    static func bundled(_ path: String) -> Scenario {
        let file = packageRoot.appendingPathComponent("Scenarios").appendingPathComponent(path).path
        switch ScenarioLoader.load(path: file) {
        case let .success(scenario): return scenario
        case let .failure(error): fatalError("\(error)")
        }
    }

    /// Runs the scenario `json` describes; a file that does not load stops the test run with its error.
    static func run(_ json: String, strategy: (any ConflictStrategy)? = nil) -> Report {
        switch ScenarioLoader.parse(Array(json.utf8), file: "test.json") {
        case let .success(scenario): return Simulation(scenario: scenario, strategy: strategy).run()
        case let .failure(error): fatalError("\(error)")
        }
    }
}

extension Report {
    /// The actual value of the expectation `key`, e.g. `"1"` for `zombies`.
    func actual(_ key: String) -> String? { expectations.first { $0.key == key }?.actual }

    /// The anomalies of one kind.
    func anomalies(_ kind: Anomaly.Kind) -> [Anomaly] { anomalies.filter { $0.kind == kind } }

    /// The server's fields of a record, nil when it is deleted or absent.
    func serverFields(_ record: String) -> Fields? { server.first { $0.id == record }?.fields }
}
