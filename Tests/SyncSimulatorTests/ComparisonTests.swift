import Foundation
import Testing
import SyncSimulator

/// A comparison reduces each run's report to a cell, sums each column, and renders and saves the matrix exactly.
@Suite struct ComparisonTests {
    /// The reorder scenario: the iPad changes sortIndex offline, the iPhone the title.
    static let reorder = """
    {"devices": [{"id": "iPhone"}, {"id": "iPad"}],
     "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up", "sortIndex": 3}}],
     "timeline": [
       {"at": "1m", "device": "iPad", "do": "offline"},
       {"at": "2m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"sortIndex": 1}},
       {"at": "3m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"title": "Up (2009)"}},
       {"at": "10m", "device": "iPad", "do": "online"}]}
    """

    /// Two scenarios under two strategies, built by hand.
    static let tiny = Comparison(strategies: ["lww", "field-merge"], seed: nil, rows: [
        ComparisonRow(scenario: "merge/reorder.json", seed: 1, cells: [
            ComparisonCell(converged: true, quietAt: .minutes(10), counts: ComparisonCounts(lostUpdates: 1)),
            ComparisonCell(converged: true, quietAt: .seconds(605), counts: ComparisonCounts()),
        ]),
        ComparisonRow(scenario: "zombies/z.json", seed: 4, cells: [
            ComparisonCell(converged: false, quietAt: nil, counts: ComparisonCounts(zombies: 1, duplicates: 2)),
            ComparisonCell(converged: true, quietAt: .days(31), counts: ComparisonCounts(zombies: 1, conflictsShown: 3)),
        ]),
    ])

    private func cell(_ json: String, strategy: StrategySpec) throws -> ComparisonCell {
        var scenario = try ScenarioLoader.parse(Array(json.utf8), file: "test.json").get()
        scenario.strategy = strategy
        return ComparisonCell(report: Simulation(scenario: scenario).run())
    }

    @Test func theReorderLosesAnUpdateUnderLWWAndNoneUnderFieldMerge() throws {
        let lww = try cell(Self.reorder, strategy: .lww(clock: .device))
        let merge = try cell(Self.reorder, strategy: .fieldMerge(rules: [:]))
        #expect(lww.converged && merge.converged)
        #expect(lww.counts == ComparisonCounts(lostUpdates: 1))
        #expect(merge.counts == ComparisonCounts())
    }

    @Test func aCellCountsZombieRecordsOnceAndNeedsEveryDeviceToMatch() {
        var report = ReportFixtures.zombie
        report.anomalies.append(report.anomalies[0])
        report.anomalies.append(Anomaly(kind: .lostUpdate, record: "fav1", devices: ["iPad"], times: [], sentence: ""))
        report.conflictsShown = [ShownConflict(record: "fav1", device: "iPad", shownAt: .minutes(1), decidedAt: nil, decision: nil)]
        let cell = ComparisonCell(report: report)
        #expect(cell.counts == ComparisonCounts(zombies: 1, lostUpdates: 1, duplicates: 0, conflictsShown: 1))
        #expect(!cell.converged)
        #expect(cell.summary == "✗ 31d3s · z1 l1 d0 c1")
        report.devices = report.devices.map { var device = $0; device.matchesServer = true; return device }
        #expect(ComparisonCell(report: report).converged)
        report.quietAt = nil
        #expect(!ComparisonCell(report: report).converged)
    }

    @Test func totalsCountConvergedRunsAndSumTheCounts() {
        #expect(Self.tiny.totals == [
            ComparisonTotal(converged: 1, runs: 2, counts: ComparisonCounts(zombies: 1, lostUpdates: 1, duplicates: 2)),
            ComparisonTotal(converged: 2, runs: 2, counts: ComparisonCounts(zombies: 1, conflictsShown: 3)),
        ])
        #expect(Comparison(strategies: ["lww"], seed: 3).totals.map(\.summary) == ["0/0 · z0 l0 d0 c0"])
    }

    @Test func markdownIsExact() {
        #expect(MarkdownComparisonWriter().render(Self.tiny) == """
            # Strategy comparison

            Each row is a scenario and each column a conflict strategy; every scenario ran once under each strategy.

            Seed: every scenario ran with its own seed, the same under each strategy.

            A cell reads `✓ 10m · z0 l1 d0 c0`:

            - `✓` the run converged (it went quiet and every device matches the server), `✗` it did not;
            - `10m` when the run went quiet, in true time from the start, or `never`;
            - `z` zombies (records that came back after a delete), `l` lost updates, `d` duplicates, `c` conflicts shown to users.

            The total row gives the runs that converged out of all (`3/4`) and sums the counts.

            | scenario | lww | field-merge |
            |---|---|---|
            | merge/reorder.json | ✓ 10m · z0 l1 d0 c0 | ✓ 10m5s · z0 l0 d0 c0 |
            | zombies/z.json | ✗ never · z1 l0 d2 c0 | ✓ 31d · z1 l0 d0 c3 |
            | total | 1/2 · z1 l1 d2 c0 | 2/2 · z1 l0 d0 c3 |

            """)
    }

    @Test func markdownStatesAGivenSeed() {
        var comparison = Self.tiny
        comparison.seed = 7
        #expect(MarkdownComparisonWriter().render(comparison).contains("\n\nSeed: every scenario ran with seed 7.\n\n"))
    }

    @Test func jsonIsExact() {
        let tiny = Comparison(strategies: ["lww"], seed: 7, rows: [Self.tiny.rows[1]].map {
            ComparisonRow(scenario: $0.scenario, seed: 7, cells: [$0.cells[0]])
        })
        #expect(JSONComparisonWriter().render(tiny) == """
            {
              "strategies": [
                "lww"
              ],
              "seed": 7,
              "rows": [
                {
                  "scenario": "zombies/z.json",
                  "seed": 7,
                  "strategies": {
                    "lww": {
                      "converged": false,
                      "quietAt": null,
                      "zombies": 1,
                      "lostUpdates": 0,
                      "duplicates": 2,
                      "conflictsShown": 0
                    }
                  }
                }
              ],
              "total": {
                "lww": {
                  "converged": 0,
                  "runs": 1,
                  "zombies": 1,
                  "lostUpdates": 0,
                  "duplicates": 2,
                  "conflictsShown": 0
                }
              }
            }

            """)
    }

    @Test func theStoreWritesBothFilesStraightUnderTheOutputFolder() throws {
        try withReportTestFolder { folder in
            let store = ReportStore(outputFolder: folder + "/out")
            let written = try store.write(Self.tiny)
            #expect(written == [folder + "/out/compare.md", folder + "/out/compare.json"])
            #expect(try String(contentsOfFile: written[1], encoding: .utf8) == JSONComparisonWriter().render(Self.tiny))
            try store.write(Self.tiny)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted() == ["compare.json", "compare.md"])
        }
    }

    @Test(arguments: ["..", ".", "", "a/b", "a\\b"])
    func theStoreRefusesAnUnsafeFileName(name: String) {
        #expect(throws: ReportStoreError.unsafeComponent(name, path: name)) {
            try ReportStore(outputFolder: "unused").write("text", toFileNamed: name)
        }
    }
}
