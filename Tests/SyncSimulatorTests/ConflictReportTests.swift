import Testing
@testable import SyncSimulator

/// Reports say why: each device's clock, every conflict with the timestamps its strategy compared and what was
/// decided, and the conflict behind an anomaly in its sentence.
@Suite struct ConflictReportTests {
    let fastClock = Simulation(scenario: SimulationTestSupport.bundled("clocks/fast-clock-wins-lww.json")).run()

    /// The text from a `## title` line up to the next `## ` heading.
    func section(_ title: String, of text: String) -> String {
        let start = text.range(of: "## \(title)\n")!.lowerBound
        let rest = text[text.index(after: start)...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(text[start..<end])
    }

    @Test func theReportHoldsEachDevicesClockAndTheConflictWithBothTimestamps() {
        #expect(fastClock.devices.map(\.clock.skew) == [.minutes(10), .zero])
        #expect(fastClock.conflicts == [
            ConflictDecision(time: .minutes(10) + .millis(165), device: "iPhone", record: "fav1", clock: .device,
                             local: ConflictStamp(timestamp: .minutes(12), takenAt: .minutes(2)),
                             server: ConflictStamp(timestamp: .minutes(5), takenAt: .minutes(5)),
                             resolution: "kept the device's version", skewed: true),
        ])
    }

    @Test func markdownShowsTheClockOffAndTheConflict() {
        let markdown = MarkdownReportWriter().render(fastClock)
        #expect(section("Clocks", of: markdown) == """
            ## Clocks

            | device | skew | drift |
            |---|---|---|
            | iPhone | 10m | 0 ppm |

            Every other device's clock keeps true time.

            """)
        #expect(section("Conflicts", of: markdown) == """
            ## Conflicts

            Each side's conflict timestamp by the clock named, with the true time it was taken where that differs.

            | at | device | record | clock | device's change | server's version | resolution |
            |---|---|---|---|---|---|---|
            | 10m165ms | iPhone | fav1 | device | 12m (taken at 2m) | 5m | kept the device's version (by true time it would have gone the other way) |

            """)
    }

    @Test func theLostUpdateNamesTheConflictThatDecidedIt() {
        #expect(fastClock.anomalies(.lostUpdate).map(\.sentence) == [
            "the edit of \"fav1\".rating to 2 on iPad at 5m is not in the end state (rating is 5); the edit of \"fav1\" on iPhone at 2m was concurrent with it, and the conflict on iPhone at 10m165ms decided it: lww kept iPhone's change at 2m, stamped 12m by a fast clock, over the server's version stamped 5m, though by true time it would have gone the other way.",
        ])
    }

    @Test func jsonListsTheConflictAndTheClocks() {
        let json = JSONReportWriter().render(fastClock)
        #expect(json.contains("""
              "conflicts": [
                {
                  "time": "10m165ms",
                  "device": "iPhone",
                  "record": "fav1",
                  "clock": "device",
                  "local": {
                    "timestamp": "12m",
                    "takenAt": "2m",
                    "deleted": false
                  },
                  "server": {
                    "timestamp": "5m",
                    "takenAt": "5m",
                    "deleted": false
                  },
                  "resolution": "kept the device's version",
                  "skewed": true,
                  "decidedAt": null,
                  "decision": null
                }
              ],
            """))
        #expect(json.contains("""
                  "convergedAt": "10m660ms",
                  "clock": {
                    "skew": "10m",
                    "driftPPM": 0
                  },
            """))
    }

    @Test func aUsersDecisionIsTheConflictsResolution() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("merge/user-choice-both-keep-local.json")).run()
        #expect(section("Conflicts", of: MarkdownReportWriter().render(report)).contains("""
            | 11m165ms | iPad | fav1 | device | 3m | 2m | shown to the user: keep-local at 21m165ms |
            """))
        #expect(report.conflicts.map(\.decision) == [.keepLocal])
    }

    /// A delete on a device with a true clock loses to an older edit stamped by a fast clock: the zombie's sentence
    /// names the conflict, with the tombstone's timestamp.
    @Test func aZombieNamesTheConflictItsWriteWon() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad", "clock": {"skew": "10m"}}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up"}}],
         "timeline": [
           {"at": "1m", "device": "iPad", "do": "offline"},
           {"at": "2m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"title": "Up (2009)"}},
           {"at": "3m", "device": "iPhone", "do": "delete", "record": "fav1"},
           {"at": "10m", "device": "iPad", "do": "online"}
         ]}
        """)
        #expect(report.anomalies(.zombie).map(\.sentence) == [
            "\"fav1\" was deleted on iPhone at 3m and came back to life on the server at 10m415ms (saved by iPad) and on iPhone at 10m660ms with no user change after the delete; the edit of \"fav1\" on iPad at 2m was concurrent with the delete and won over it; the conflict on iPad at 10m165ms decided it: lww kept iPad's change at 2m, stamped 12m by a fast clock, over the server's tombstone stamped 3m, though by true time it would have gone the other way.",
        ])
    }

    /// A conflict an app resolved has no timestamps: the table says so, and a sentence names it by its resolution.
    @Test func aConflictLeftToTheAppShowsWhatIsKnown() {
        var report = ReportFixtures.zombie
        report.conflicts = [ConflictDecision(time: .minutes(4), device: "iPad", record: "fav1", clock: nil, local: nil,
                                             server: nil, resolution: "left to the app", skewed: false)]
        #expect(section("Conflicts", of: MarkdownReportWriter().render(report)).contains("""
            | 4m | iPad | fav1 | the app's | not known | not known | left to the app |
            """))
        let write = UserAction(number: 0, time: .minutes(1), device: "iPhone", record: "fav1", kind: .delete,
                               applied: true)
        let edit = UserAction(number: 1, time: .minutes(2), device: "iPad", record: "fav1",
                              kind: .edit(set: ["title": .string("x")], unset: []), applied: true)
        let history = History()
        history.record(.conflict(time: .minutes(4), device: "iPad", record: "fav1", outcome: "left to the app",
                                 skewed: false))
        let log = ConflictLog(history: history, strategy: "lww")
        #expect(log.decisions == report.conflicts)
        #expect(log.clause(decidingBetween: write, and: edit) == "the conflict on iPad at 4m, left to the app, decided it")
    }

    /// A conflict shown after the user dismissed an earlier one of the same record (by deleting it) waits its own
    /// `decideAfter`: the earlier conflict's timer, due sooner, does not decide it.
    @Test func aConflictShownAfterOneDismissedWaitsItsOwnTime() throws {
        let report = Simulation(scenario: SimulationTestSupport.bundled(
            "regressions/delete-after-increment-answered-on-record-shown-to-user-reaches-server.json")).run()
        #expect(report.passed)
        #expect(report.conflictsShown.count == 1)
        let shown = try #require(report.conflictsShown.first)
        #expect(shown.shownAt == .millis(40_330), "the delete met its conflict after the first was dismissed")
        #expect(shown.decidedAt == shown.shownAt + .minutes(10), "decided 10 minutes after it was shown, not sooner")
    }
}
