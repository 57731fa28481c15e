import Testing
import SyncSimulator

/// Server errors, rate limits, batches, pushes and the load figures, against counts made by hand.
@Suite struct ServerFaultTests {
    private func minutes(_ report: Report) -> [[Int]] {
        report.load.minutes.map { [$0.minute, $0.requests, $0.rejected] }
    }

    @Test func theRequestRateMatchesAHandCount() {
        // Minute 1: the fetch of the 1m sync. Minute 2: the 2m30s sync step, then settle's sync at the same
        // instant folds into one more sync after it: two fetches. No refresh before 15m, nothing to send.
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "A"}],
         "timeline": [{"at": "1m", "device": "A", "do": "sync"}, {"at": "2m30s", "device": "A", "do": "sync"}]}
        """)
        #expect(minutes(report) == [[1, 1, 0], [2, 2, 0]])
        #expect(report.load.peak == ServerLoad.Minute(minute: 2, requests: 2, rejected: 0))
        #expect(report.counters.requests == 3)
    }

    @Test func aRateLimitWindowRejectsUntilItEndsAndTheHintIsHonoured() {
        // The 1m fetch is rejected (retry after 5s, plus up to 1s of jitter) and so is its retry near 1m5s;
        // settle starts when the window ends at 1m10s, cancels the waiting retry and fetches at once.
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "A"}],
         "timeline": [{"at": "1m", "do": "rate-limit", "for": "10s", "retryAfter": "5s"},
                      {"at": "1m", "device": "A", "do": "sync"}]}
        """)
        #expect(minutes(report) == [[1, 3, 2]])
        #expect(report.counters.errors["requestRateLimited"] == 2)
        #expect(report.load.rejected == 2)
    }

    private func outage(client: String) -> Report {
        SimulationTestSupport.run("""
        {"devices": [{"id": "A", "client": {"onRateLimit": "\(client)"}}, {"id": "B"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0}}],
         "timeline": [{"at": "1m", "do": "outage", "for": "20m", "retryAfter": "5m"},
                      {"at": "2m", "device": "A", "do": "increment", "record": "c", "field": "n"}],
         "expect": {"records": {"c": {"fields": {"n": 1}}}}}
        """)
    }

    @Test func backoffIgnoresTheHintAndRetriesFarMoreOften() {
        let patient = outage(client: "retry-after")
        let eager = outage(client: "backoff")
        #expect(patient.passed && eager.passed)
        // A syncs at 2m2s, on its retries near 7m, 12m and 17m and on its 15m refresh, each time a send and a
        // fetch; B fetches on its 15m refresh and on the retry near 20m. Settle at 21m cancels the rest.
        #expect(patient.counters.errors["serviceUnavailable"] == 12)
        #expect((eager.counters.errors["serviceUnavailable"] ?? 0) > 16)
    }

    @Test func aClientThatDropsOnRateLimitIsCaughtAsLostUpdatesNotAPass() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("server-errors/drop-on-rate-limit-loses-changes.json")).run()
        #expect(report.passed)
        #expect(report.anomalies(.lostUpdate).map(\.record) == ["fav1", "fav2"])
        #expect(report.anomalies(.divergence).map(\.devices) == [["iPhone"], ["iPhone"]])
        var correct = SimulationTestSupport.bundled("server-errors/drop-on-rate-limit-loses-changes.json")
        correct.devices[0].client.onRateLimit = .retryAfter
        #expect(Simulation(scenario: correct).run().actual("lostUpdates") == "0")
    }

    @Test func anOversizedBatchIsSplitUntilTheServerTakesIt() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("batches/batch-limit-splits.json")).run()
        #expect(report.counters.errors["limitExceeded"] == 2)
        #expect(report.server.count == 25)
        #expect(report.passed)
    }

    @Test func anAtomicBatchCommitsNothingWhenOneItemFails() {
        let atomic = Simulation(scenario: SimulationTestSupport.bundled("batches/atomic-batch-fails-whole.json")).run()
        #expect(atomic.counters.errors["batchRequestFailed"] == 1)
        #expect(atomic.counters.errors["serverRecordChanged"] == 1)
        #expect(atomic.counters.errors["partialFailure"] == nil)
        let partial = Simulation(scenario: SimulationTestSupport.bundled("batches/partial-failure-commits-the-rest.json")).run()
        #expect(partial.counters.errors["batchRequestFailed"] == nil)
        #expect(partial.counters.errors["partialFailure"] == 1)
    }

    /// The offline iPhone edits a favorite the iPad then deletes; its save names the tag from before the delete.
    private func saveOverADelete(_ answer: String, onUnknownItem: String = "delete-local") -> Report {
        SimulationTestSupport.run("""
        {"server": {"savesOverDeleted": "\(answer)"},
         "devices": [{"id": "iPhone", "client": {"onUnknownItem": "\(onUnknownItem)"}}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "offline"},
           {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
           {"at": "3m", "device": "iPad", "do": "delete", "record": "fav1"},
           {"at": "4m", "device": "iPhone", "do": "online"}
         ]}
        """)
    }

    @Test func aSaveOverADeleteMeetsAConflictWithTheDeletedSideByDefault() {
        let report = saveOverADelete("conflict")
        #expect(report.passed)
        #expect(report.counters.errors == ["serverRecordChanged": 1, "partialFailure": 1])
        #expect(report.counters.conflicts == 1)
        #expect(report.serverFields("fav1") == nil)
    }

    @Test func aSaveOverADeleteGetsUnknownItemWhenTheServerAnswersAsCloudKit() {
        let dropped = saveOverADelete("unknown-item")
        #expect(dropped.passed)
        #expect(dropped.counters.errors == ["unknownItem": 1, "partialFailure": 1])
        #expect(dropped.counters.conflicts == 0)
        #expect(dropped.devices.allSatisfy { $0.records.isEmpty })
        let reuploaded = saveOverADelete("unknown-item", onUnknownItem: "reupload")
        #expect(reuploaded.actual("zombies") == "1")
        #expect(reuploaded.serverFields("fav1") == ["rating": .number(5)])
    }

    private func background(push: Bool, step: String) -> Report {
        SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone", "sync": {"interval": "10m"}},
                     {"id": "iPad", "sync": {"interval": "10m", "push": \(push)}}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 1}}],
         "timeline": [{"at": "1m", "device": "iPad", "do": "\(step)"},
                      {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 2}},
                      {"at": "5m", "device": "iPad", "do": "sync"},
                      {"at": "12m", "device": "iPhone", "do": "sync"}]}
        """)
    }

    @Test func aBackgroundAppSyncsOnlyOnPushOrRefresh() {
        // Minute 2: the iPhone's send and fetch, plus the iPad's fetch on the push when pushes are on.
        // Minute 5: the iPad's sync step, which a background app ignores. Minute 10: both refresh.
        // Coming to the foreground (onForeground) syncs at once, in minute 1.
        #expect(minutes(background(push: true, step: "background")) == [[2, 3, 0], [10, 2, 0], [12, 3, 0]])
        #expect(minutes(background(push: false, step: "background")) == [[2, 2, 0], [10, 2, 0], [12, 3, 0]])
        #expect(minutes(background(push: false, step: "foreground"))
                == [[1, 1, 0], [2, 2, 0], [5, 1, 0], [10, 2, 0], [12, 3, 0]])
    }

    @Test func spreadsUseTheNearestRank() throws {
        let spread = try #require(Spread((1...100).map { SimDuration.seconds(Int64($0)) }))
        #expect(spread.median == .seconds(50))
        #expect(spread.p99 == .seconds(99))
        #expect(spread.max == .seconds(100))
        #expect(Spread([.seconds(7)])?.p99 == .seconds(7))
        #expect(Spread([]) == nil)
    }

    @Test func aThousandDevicesReconnectingConvergeWithEveryPlayCountedOnce() {
        let report = Simulation(scenario: SimulationTestSupport.bundled("load/reconnect-1000-devices.json")).run()
        #expect(report.passed)
        #expect(report.serverFields("song1")?["playCount"] == .number(1000))
        #expect(report.timeToConverge?.count == 1000)
        #expect(report.load.rejected > 0)
    }
}
