import Foundation
import Testing
import SyncSimulator

/// What an app is handed when it launches, and what kill and reset do to it, seen from a user's app.
@Suite struct AppLaunchTests {
    /// What the probe saw at each launch, gathered across launches (the factory is `@Sendable`).
    final class Launches: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []

        func note(_ line: String) { lock.withLock { seen.append(line) } }
        var lines: [String] { lock.withLock { seen } }
    }

    /// Counts its launches in the device's storage and notes each with the device's clock and a UUID.
    final class LaunchProbe: SimulatedApp, SyncEngineDelegate {
        init(_ launch: AppLaunch, into launches: Launches) {
            let count = (launch.storage["launches"].flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0) + 1
            launch.storage["launches"] = Data(String(count).utf8)
            launches.note("\(launch.deviceID) launch \(count) at \(launch.now.timeIntervalSince1970) \(launch.makeUUID())")
            _ = launch.makeSyncEngine(stateSerialization: nil, delegate: self)
        }

        var records: [SimRecord] { [] }
        func perform(_ change: UserChange) {}
        func handleEvent(_ event: SyncEngine.Event, syncEngine: SyncEngine) {}
        func nextRecordZoneChangeBatch(_ context: SyncEngine.SendChangesContext,
                                       syncEngine: SyncEngine) -> SyncEngine.RecordZoneChangeBatch? { nil }
    }

    private func scenario(_ steps: [StepAction]) -> Scenario {
        var scenario = Scenario(name: "launches", devices: [DeviceConfig(id: "iPad")])
        scenario.devices[0].clock.skew = .minutes(5)
        scenario.timeline = steps.enumerated().map { TimelineStep(at: .minutes(Int64($0.offset + 1)), devices: ["iPad"], action: $0.element) }
        return scenario
    }

    private func launches(_ steps: [StepAction]) -> [String] {
        let launches = Launches()
        _ = Simulation(scenario: scenario(steps), app: { LaunchProbe($0, into: launches) }).run()
        return launches.lines.map { String($0.prefix { $0 != "-" }) }
    }

    @Test func storageSurvivesAKillAndAResetWipesIt() {
        let seen = launches([.kill, .launch, .reset])
        #expect(seen.map { $0.components(separatedBy: " at ")[0] } == ["iPad launch 1", "iPad launch 2", "iPad launch 1"])
    }

    @Test func theClockReadsTheDevicesSkewedTime() {
        let first = launches([]).first ?? ""
        // True time 0 is 2026-01-01 00:00 UTC; the iPad's clock runs 5 minutes ahead.
        #expect(first.hasPrefix("iPad launch 1 at \(1_767_225_600.0 + 300) "))
    }

    @Test func uuidsAndRunsAreTheSameForTheSameSeed() {
        let first = Launches(), second = Launches()
        _ = Simulation(scenario: scenario([.kill, .launch]), app: { LaunchProbe($0, into: first) }).run()
        _ = Simulation(scenario: scenario([.kill, .launch]), app: { LaunchProbe($0, into: second) }).run()
        #expect(first.lines == second.lines)
        #expect(Set(first.lines.map { $0.split(separator: " ").last! }).count == 2, "each launch draws a new UUID")
    }

    @Test func oneDeviceRunsTheAppAndTheOtherTheBuiltInDevice() throws {
        var scenario = try ScenarioLoader.load(path: ExampleAppTests.scenarios
            .appendingPathComponent("conflicts/same-field-later-edit-wins.json").path).get()
        scenario.devices[1].client.deletes = .hard
        let report = Simulation(scenario: scenario, apps: ["iPad": { NotesApp($0) }]).run()
        #expect(report.passed, "\(report.summary)")
        #expect(report.notes == [
            "iPad runs the app under test, which resolves its own conflicts: the strategy lww applies to the built-in devices only, and tells the checks which concurrent changes excuse a lost one.",
            "The client options of iPad do not apply: it runs the app under test.",
        ])
        let markdown = MarkdownReportWriter().render(report)
        #expect(markdown.contains("## Notes\n\n- iPad runs the app under test"))
        #expect(JSONReportWriter().render(report).contains("\"notes\": ["))
    }

    @Test func aFileThatIsNotAScenarioThrowsItsError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-scenario-\(getpid()).json")
        try Data("{\"devices\": 3}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: ScenarioError.self) { try Simulation(contentsOf: file, app: { NotesApp($0) }) }
    }

    @Test func aPassingRunsSummaryIsOneLine() throws {
        let report = try ExampleAppTests.run("deletes/delete-reaches-offline-device.json")
        #expect(report.summary == "PASS: delete-reaches-offline-device (seed 1, lww). No anomalies.")
    }
}
