import Foundation
import Testing
import SyncSimulator

/// The invalid scenario files under `Tests/Fixtures/invalid`, each with the one issue the loader reports for it.
/// `.ci/run` checks that the JSON Schema rejects every one of them too, so each is invalid in a way a schema can express.
@Suite struct InvalidFixtureTests {
    static let folder = SimulationTestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/invalid")

    /// Each fixture's name and its issue, `path: message`.
    static let expected: [(file: String, issue: String)] = [
        ("bad-device-id", #"devices[0].id: expected a device id of 1 to 40 letters, digits, '.', '_' or '-', found "bad id""#),
        ("bad-drift", #"devices[0].clock.drift: expected a drift such as "0ppm" or "-20ppm", found "20 ppm""#),
        ("bad-duration", #"devices[1].clock.skew: expected a duration such as "250ms" or "-10m", found "ten minutes""#),
        ("bad-name", #"name: expected a name of 1 to 80 letters, digits, '.', '_' or '-', not starting with '.', found "my scenario""#),
        ("count-not-a-number", #"expect.unexplainedLostUpdates: expected a count such as 0 or {"atLeast": 1}, found "none""#),
        ("count-range-misspelt-bound", #"expect.unexplainedLostUpdates.atmost: unknown key "atmost"; did you mean "atMost"?"#),
        ("count-range-without-bounds", #"expect.zombies: expected "atLeast", "atMost" or both, found neither"#),
        ("edit-without-set-or-unset", "timeline[0].set: expected an object of fields, found nothing"),
        ("field-value-object", "records[0].fields.x: expected a string, number, boolean, array of strings or null, found an object"),
        ("forever-where-not-allowed", #"devices[0].sync.afterEdit: expected a duration such as "250ms" or "1.5h", found "forever""#),
        ("limits-unknown-key", #"limits.zzzzzz: unknown key "zzzzzz"; known keys are "time", "events""#),
        ("missing-devices", "devices: expected an array of 1 to 10000 devices, found nothing"),
        ("missing-step-device", #"timeline[0].device: expected a device in "devices", found nothing"#),
        ("misspelt-enum-value",
         #"server.savesOverDeleted: expected one of "conflict", "unknown-item", found "unknownItem"; did you mean "unknown-item"?"#),
        ("negative-duration-where-not-allowed", #"network.timeout: expected a duration such as "250ms" or "1.5h", found "-1s""#),
        ("negative-seed", "seed: expected an integer from 0 to 18446744073709551615, found -1"),
        ("no-devices", "devices: expected 1 to 10000 devices, found 0"),
        ("option-of-another-strategy", #"strategy.fields: unknown key "fields"; known keys are "name", "clock""#),
        ("partition-with-device-and-devices", #"timeline[0].devices: expected "device" or "devices", found both"#),
        ("probability-above-one", "network.requestLoss: expected a number from 0 to 1, found 1.5"),
        ("rate-limit-missing-retry-after",
         #"server.rateLimit.retryAfter: expected a duration such as "250ms" or "1.5h", found nothing"#),
        ("record-expectation-empty", #"expect.records.r: expected "deleted" or "fields", found neither"#),
        ("record-without-type", "records[0].type: expected a record type of 1 to 200 characters, found nothing"),
        ("schema-not-a-string", #"["$schema"]: expected a string, found 1"#),
        ("server-step-takes-no-device", #"timeline[0].device: unknown key "device"; known keys are "at", "do", "for""#),
        ("unknown-key", #"devices[0].clok: unknown key "clok"; did you mean "clock"?"#),
        ("unknown-step", #"timeline[0].do: expected one of "create", "edit", "delete", "increment", "offline", "online", "tunnel", "#
            + #""partition", "kill", "launch", "foreground", "background", "sync", "lose-token", "reset", "rate-limit", "outage", "#
            + #""zone-busy", "purge-tombstones", found "ofline"; did you mean "offline"?"#),
        ("unknown-strategy",
         #"strategy: expected one of "lww", "server-wins", "client-wins", "field-merge", "user-choice", found "last-writer-wins""#),
        ("unknown-top-level-key", #"schema: unknown key "schema"; did you mean "$schema"?"#),
        ("unsupported-format", "format: expected 1 (the only format version this build reads), found 2"),
        ("wrong-type", #"server.atomicBatches: expected true or false, found "yes""#),
    ]

    @Test(arguments: expected.map(\.file))
    func theLoaderRejectsEachWithItsIssue(file: String) {
        let issue = Self.expected.first { $0.file == file }?.issue
        let path = Self.folder.appendingPathComponent(file + ".json").path
        switch ScenarioLoader.load(path: path) {
        case .success: Issue.record("\(file).json loads")
        case let .failure(error): #expect(error.issues.map(\.description) == [issue].compactMap { $0 })
        }
    }

    @Test func everyFixtureIsChecked() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(files == Self.expected.map { $0.file + ".json" })
        #expect(files.count >= 10)
    }
}
