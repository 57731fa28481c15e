import SyncSimulator

/// Hand-built reports for the writer and store tests.
enum ReportFixtures {
    /// A failed run with a zombie: every section of a report has content.
    static var zombie: Report {
        var counters = Counters()
        counters.events = 120
        counters.requests = 14
        counters.commits = 5
        counters.errors = ["unknownItem": 1, "serverRecordChanged": 2]
        return Report(
            scenario: "zombie-after-long-offline",
            description: "The iPhone edits in airplane mode | the iPad deletes.",
            suitePath: "zombies/zombie-after-long-offline.json",
            seed: 7,
            strategy: "lww",
            result: .failed,
            settleStartedAt: .days(31),
            quietAt: .days(31) + .seconds(3),
            endedAt: .days(31) + .seconds(3),
            expectations: [
                ExpectationResult(key: "converged", expected: "true", actual: "true", held: true),
                ExpectationResult(key: "zombies", expected: "0", actual: "1", held: false),
                ExpectationResult(key: "unexplainedLostUpdates", expected: "not checked", actual: "0", held: true),
            ],
            server: [
                RecordState(id: "fav1", type: "Favorite", fields: ["title": .string("Up"), "rating": .number(5)]),
                RecordState(id: "fav2", type: "Favorite", fields: nil),
            ],
            devices: [
                DeviceState(id: "iPhone",
                            records: [RecordState(id: "fav1", type: "Favorite",
                                                  fields: ["title": .string("Up"), "rating": .number(5)],
                                                  syncState: "synced")],
                            outbox: 0, matchesServer: true, convergedAt: .days(31) + .seconds(2)),
                DeviceState(id: "iPad", records: [], outbox: 1, matchesServer: false, convergedAt: nil),
            ],
            anomalies: [
                Anomaly(kind: .zombie, record: "fav1", devices: ["iPhone", "iPad"],
                        times: [.minutes(2), .minutes(3), .days(31)],
                        sentence: "fav1 was deleted on the iPad and came back when the iPhone re-uploaded it."),
            ],
            counters: counters,
            repro: "swift run syncsim run Scenarios/zombies/zombie-after-long-offline.json --seed 7")
    }
}
