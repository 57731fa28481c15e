import Foundation
import Testing
import SyncSimulator

/// The example app runs the bundled scenarios it is written for, and each of its buggy twins is caught, by a bundled
/// scenario and by a fuzz campaign, as a team's own app would be.
@Suite struct ExampleAppTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    static func run(_ file: String, flaw: NotesApp.Flaw? = nil) throws -> Report {
        try Simulation(contentsOf: scenarios.appendingPathComponent(file), app: { NotesApp($0, flaw: flaw) }).run()
    }

    @Test(arguments: [
        "batches/batch-limit-splits.json",
        "conflicts/later-edit-keeps-fields-changed-elsewhere.json",
        "conflicts/same-field-later-edit-wins.json",
        "deletes/delete-reaches-offline-device.json",
        "lifecycle/kill-while-offline-keeps-pending-edit.json",
        "merge/concurrent-increments-sum.json",
        "merge/reorder-kept-by-field-merge.json",
        "regressions/app-save-answered-after-listing-passed-its-id-is-kept.json",
        "regressions/delete-create-delete-stays-deleted.json",
        "regressions/fetched-version-from-before-delete-is-no-zombie.json",
        "regressions/listing-resumes-after-rate-limited-page.json",
        "regressions/re-create-after-purge-is-saved-as-new-record.json",
        "regressions/reset-device-is-not-quiet-mid-listing.json",
        "retries/increment-once-with-idempotency-keys.json",
        "server-errors/outage-and-rate-limit-during-catch-up.json",
        "server-errors/retry-after-keeps-changes.json",
        "server-errors/zone-busy-then-purge.json",
        "zombies/tombstone-delete-stays-deleted.json",
        "zombies/tombstone-outlives-offline-device.json",
    ])
    func theCorrectAppPassesTheBundledScenariosItIsWrittenFor(file: String) throws {
        let report = try ExampleAppTests.run(file)
        #expect(report.passed, "\(report.summary)")
        #expect(report.notes.first?.contains("the app under test, which resolves its own conflicts") == true)
    }

    /// A record the app saves while a full listing that a refused page cut short is under way, under an id the
    /// listing has gone past, is not reported deleted when the listing ends: the user's edit made meanwhile, still
    /// waiting then, is neither dropped with the record nor lost when the next fetch brings the record back.
    @Test func aRecordSavedBehindAListingsCursorKeepsTheEditMadeMeanwhile() throws {
        let report = try ExampleAppTests.run("regressions/app-save-answered-after-listing-passed-its-id-is-kept.json")
        #expect(report.passed, "\(report.summary)")
        #expect(report.anomalies.isEmpty, "\(report.anomalies.map(\.sentence))")
        let shown = report.devices.first { $0.id == "d1" }?.records.first { $0.id == "a1" }
        #expect(shown?.fields?["title"] == .string("Final"))
    }

    @Test(arguments: [
        (NotesApp.Flaw.dropsFailedSaves, "merge/reorder-kept-by-field-merge.json",
         "the edit of \"fav1\".sortIndex to 1 on iPad at 2m is not in the end state (sortIndex is 3)."),
        (.forgetsEngineState, "lifecycle/kill-while-offline-keeps-pending-edit.json",
         "the edit of \"fav1\".rating to 5 on iPhone at 2m is not in the end state (rating is 4)."),
        (.savesStaleRecord, "conflicts/later-edit-keeps-fields-changed-elsewhere.json",
         "the edit of \"fav1\".title to \"Up (2009)\" on iPad at 2m is not in the end state (title is \"Up\")."),
    ])
    func eachBuggyTwinIsCaughtByABundledScenario(flaw: NotesApp.Flaw, file: String, sentence: String) throws {
        #expect(try ExampleAppTests.run(file).passed)
        let report = try ExampleAppTests.run(file, flaw: flaw)
        #expect(!report.passed)
        let lost = report.anomalies.filter { $0.kind == .lostUpdate }
        #expect(lost.map(\.sentence) == [sentence])
        #expect(lost.first?.cause == nil, "a correct app has no such loss: nothing excuses it")
        #expect(report.summary.contains(sentence))
    }

    /// A campaign against the app finds a seed the twin fails and the correct app passes, within 1,000 seeds, and
    /// shrinks it to a scenario file that still fails the same way.
    @Test(arguments: [NotesApp.Flaw.dropsFailedSaves, .forgetsEngineState, .savesStaleRecord])
    func eachBuggyTwinIsCaughtByAFuzzCampaign(flaw: NotesApp.Flaw) throws {
        var settings = FuzzSettings()
        settings.strategy = .fieldMerge(rules: [:])
        let correct = Fuzzer(settings: settings) { Simulation(scenario: $0, app: { NotesApp($0) }).run() }
        let twin = Fuzzer(settings: settings) { Simulation(scenario: $0, app: { NotesApp($0, flaw: flaw) }).run() }
        let caught = (UInt64(1)...1_000).lazy.map(twin.run).first { outcome in
            outcome.failure != nil && correct.run(seed: outcome.seed).failure == nil
        }
        let outcome = try #require(caught)
        let failure = try #require(outcome.failure)
        let minimal = Shrinker(simulate: twin.simulate).shrink(outcome.scenario, keeping: failure)
        #expect(minimal.timeline.count <= outcome.scenario.timeline.count)
        let reloaded = try ScenarioLoader.parse(Array(ScenarioEncoder.text(of: minimal).utf8), file: "minimal.json").get()
        let again = Invariants.failures(in: twin.simulate(reloaded))
        #expect(again.contains { $0.kind == failure.kind && $0.record == failure.record })
    }

    @Test func runsWithTheAppAreByteIdentical() throws {
        let file = "server-errors/outage-and-rate-limit-during-catch-up.json"
        let first = JSONReportWriter().render(try ExampleAppTests.run(file))
        #expect(first == JSONReportWriter().render(try ExampleAppTests.run(file)))
        var settings = FuzzSettings()
        settings.strategy = .fieldMerge(rules: [:])
        let scenario = ScenarioGenerator.scenario(seed: 7, settings: settings)
        let traces = (0..<2).map { _ in
            let trace = Trace(.hash)
            _ = Simulation(scenario: scenario, app: { NotesApp($0) }).run(trace: trace)
            return trace.hashText
        }
        #expect(traces[0] == traces[1])
    }
}
