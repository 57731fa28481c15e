import Foundation
import Testing
import SyncSimulator

/// The Markdown and JSON writers render a hand-built report exactly and deterministically.
@Suite struct ReportWriterTests {
    let markdown = MarkdownReportWriter().render(ReportFixtures.zombie)
    let json = JSONReportWriter().render(ReportFixtures.zombie)

    /// The text from a `## title` line up to the next `## ` heading.
    func section(_ title: String, of text: String) -> String {
        let start = text.range(of: "## \(title)\n")!.lowerBound
        let rest = text[text.index(after: start)...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(text[start..<end])
    }

    @Test func markdownOpensWithVerdictDescriptionAndFacts() {
        #expect(markdown.hasPrefix("""
            # zombie-after-long-offline — FAIL

            The iPhone edits in airplane mode | the iPad deletes.

            - Seed: 7
            - Strategy: lww
            - Settle started at: 31d
            - Quiet at: 31d3s
            - Ended at: 31d3s

            ## Expectations

            """))
    }

    @Test func markdownExpectationsTableMarksWhatHeld() {
        #expect(section("Expectations", of: markdown) == """
            ## Expectations

            | key | expected | actual | held |
            |---|---|---|---|
            | converged | true | true | ✓ |
            | zombies | 0 | 1 | ✗ |
            | unexplainedLostUpdates | not checked | 0 | ✓ |

            """)
    }

    @Test func markdownAnomaliesNameKindRecordDevicesAndTimes() {
        #expect(section("Anomalies", of: markdown) == """
            ## Anomalies

            - **zombie** · record `fav1` · devices iPhone, iPad · at 2m, 3m, 31d: \
            fav1 was deleted on the iPad and came back when the iPhone re-uploaded it.

            """)
    }

    @Test func markdownEndStateShowsServerAndEachDevice() {
        #expect(section("End state", of: markdown) == """
            ## End state

            ### Server

            | record | type | fields |
            |---|---|---|
            | fav1 | Favorite | rating: 5, title: "Up" |
            | fav2 | Favorite | deleted |

            ### Device iPhone

            - Matches the server: yes
            - Outbox: 0
            - Converged at: 31d2s

            | record | type | sync state | fields |
            |---|---|---|---|
            | fav1 | Favorite | synced | rating: 5, title: "Up" |

            ### Device iPad

            - Matches the server: no
            - Outbox: 1
            - Converged at: never

            No records.

            """)
    }

    @Test func markdownCountersAreSortedWithErrorsByName() {
        let rows = section("Counters", of: markdown).split(separator: "\n").dropFirst(3).map(String.init)
        let names = rows.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) }
        let counters = names.filter { !$0.hasPrefix("errors.") }
        #expect(counters == counters.sorted())
        #expect(counters.count == 12)
        #expect(Array(rows.suffix(2)) == ["| errors.serverRecordChanged | 2 |", "| errors.unknownItem | 1 |"])
    }

    @Test func markdownEndsWithReproCommandInCodeBlock() {
        #expect(markdown.hasSuffix("""
            ## Reproduce

            ```sh
            swift run syncsim run Scenarios/zombies/zombie-after-long-offline.json --seed 7
            ```

            """))
    }

    @Test func markdownSaysNoneAndNeverQuietWhenSo() {
        var report = ReportFixtures.zombie
        report.anomalies = []
        report.quietAt = nil
        report.result = .budgetExhausted
        let text = MarkdownReportWriter().render(report)
        #expect(text.hasPrefix("# zombie-after-long-offline — BUDGET EXHAUSTED\n"))
        #expect(text.contains("- Quiet at: never quiet\n"))
        #expect(section("Anomalies", of: text) == "## Anomalies\n\nNone.\n")
    }

    @Test func markdownTableCellsEscapePipesAndLineBreaks() {
        var report = ReportFixtures.zombie
        report.expectations = [ExpectationResult(key: "records.fav1.title", expected: "\"a|b\"", actual: "\"x\ny\"", held: false)]
        #expect(MarkdownReportWriter().render(report).contains("| records.fav1.title | \"a\\|b\" | \"x y\" | ✗ |\n"))
    }

    @Test func jsonHasStableTopLevelKeyOrder() throws {
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }
            .map { $0.dropFirst(3).prefix { $0 != "\"" } }
        #expect(keys == ["scenario", "description", "suitePath", "result", "seed", "strategy", "settleStartedAt",
                         "quietAt", "endedAt", "expectations", "anomalies", "conflicts", "conflictsShown", "server", "devices", "counters",
                         "syncStates", "load", "timeToConverge",
                         "repro"])
    }

    @Test func jsonRendersRecordsOneALineWithSortedFieldsAndDeletions() {
        #expect(json.contains("""
              "server": [
                {"id": "fav1", "type": "Favorite", "deleted": false, "fields": {"rating": 5, "title": "Up"}},
                {"id": "fav2", "type": "Favorite", "deleted": true, "fields": null}
              ],
            """))
    }

    @Test func jsonAnomaliesSayWhatAccountsForThemWhereKnown() {
        var report = ReportFixtures.zombie
        report.anomalies.append(Anomaly(kind: .lostUpdate, record: "fav2", devices: ["iPad"], times: [.minutes(4)],
                                        sentence: "the edit of fav2 was lost when the iPad was reset.", cause: .reset))
        #expect(JSONReportWriter().render(report).contains("""
                  "sentence": "fav1 was deleted on the iPad and came back when the iPhone re-uploaded it.",
                  "cause": null
                },
                {
                  "kind": "lost-update",
                  "record": "fav2",
                  "devices": [
                    "iPad"
                  ],
                  "times": [
                    "4m"
                  ],
                  "sentence": "the edit of fav2 was lost when the iPad was reset.",
                  "cause": "reset"
                }
              ],
            """))
    }

    @Test func jsonCountersEndWithErrorsSortedByName() {
        #expect(json.contains("""
                "userActions": 0,
                "errors": {
                  "serverRecordChanged": 2,
                  "unknownItem": 1
                }
              },
              "syncStates": [],
              "load": {
                "requests": 0,
                "rejected": 0,
                "peak": null,
                "perMinute": []
              },
              "timeToConverge": null,
              "repro": "swift run syncsim run Scenarios/zombies/zombie-after-long-offline.json --seed 7"
            }

            """))
    }

    @Test func jsonIsValidJSONWithTheReportsValues() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["seed"] as? Int == 7)
        #expect(object["result"] as? String == "failed")
        #expect(object["quietAt"] as? String == "31d3s")
    }

    @Test func renderingTwiceIsByteIdentical() {
        #expect(MarkdownReportWriter().render(ReportFixtures.zombie) == markdown)
        #expect(JSONReportWriter().render(ReportFixtures.zombie) == json)
    }

    @Test func numbersThatOverflowedStayValidJSON() throws {
        var report = ReportFixtures.zombie
        report.server = [RecordState(id: "r", type: "T", fields: ["a": .number(.infinity), "b": .number(-.infinity)])]
        let text = JSONReportWriter().render(report)
        #expect(text.contains("\"a\": \"Infinity\""))
        #expect(text.contains("\"b\": \"-Infinity\""))
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }
}
