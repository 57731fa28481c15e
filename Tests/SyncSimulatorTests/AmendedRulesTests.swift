import Testing
import SyncSimulator

/// The format's amended readings of tunnels, duplicates, the hybrid clock and `keep-both` copies.
@Suite struct AmendedRulesTests {
    @Test func aTunnelStartsUpAndLosesTheAnswerInFlightWhenItDrops() {
        // The tunnel is up from 1m to 1m5s. The edit's sync sends at 1m4.85s; the server commits at 1m4.935s and
        // its answer would arrive at 1m5.015s, in the down phase: lost, and the iPhone is not told (it times out).
        // Its resends carry the same idempotency key, so the server commits nothing again.
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "tunnel", "for": "1m", "up": "5s", "down": "20s"},
           {"at": "1m2.85s", "device": "iPhone", "do": "increment", "record": "c", "field": "n"}
         ],
         "expect": {"records": {"c": {"fields": {"n": 1}}}}}
        """)
        #expect(report.passed)
        #expect(report.counters.commits == 1)
        #expect(report.counters.responsesLost == 1)
        #expect(report.counters.timeouts >= 1)
    }

    /// The iPhone's link delivers every request twice until settle; it increments once.
    private func duplicated(idempotencyKeys: Bool) -> Report {
        SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone", "network": {"duplicate": 1}, "client": {"idempotencyKeys": \(idempotencyKeys)}},
                     {"id": "iPad"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "increment", "record": "c", "field": "n"},
           {"at": "5m", "device": "iPad", "do": "sync"}
         ]}
        """)
    }

    @Test func aDuplicatedRequestIsAnsweredOnceWithKeysAndAppliedTwiceWithout() {
        let keyed = duplicated(idempotencyKeys: true)
        #expect(keyed.passed)
        #expect(keyed.serverFields("c") == ["n": .number(1)])
        #expect(keyed.counters.duplicatesDelivered > 0)
        let unkeyed = duplicated(idempotencyKeys: false)
        #expect(unkeyed.serverFields("c") == ["n": .number(2)])
        #expect(unkeyed.actual("duplicates") == "1")
    }

    /// The iPad's clock is an hour slow. It fetches the iPhone's edit at 2m, then edits at 3m; the Mac, offline
    /// from 1m, edited at 1m30s and comes back at 5m, meeting the iPad's version.
    private func slowClockAfterAFetch(_ clock: String) -> Report {
        SimulationTestSupport.run("""
        {"strategy": {"name": "lww", "clock": "\(clock)"},
         "devices": [{"id": "iPhone"}, {"id": "iPad", "clock": {"skew": "-1h"}}, {"id": "Mac"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 1}}],
         "timeline": [
           {"at": "1m", "device": "Mac", "do": "offline"},
           {"at": "1m30s", "device": "Mac", "do": "edit", "record": "fav1", "set": {"rating": 2}},
           {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 3}},
           {"at": "3m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"rating": 4}},
           {"at": "5m", "device": "Mac", "do": "online"}
         ]}
        """)
    }

    @Test func theHybridClockIsFedByTheTimestampsOfFetchedRecords() {
        // The iPad's hybrid stamp follows the 2m it fetched, so its later edit beats the Mac's older one; by its
        // own slow clock it loses.
        #expect(slowClockAfterAFetch("hybrid").serverFields("fav1") == ["rating": .number(4)])
        #expect(slowClockAfterAFetch("device").serverFields("fav1") == ["rating": .number(2)])
    }

    @Test func keepBothNumbersASecondCopyOfTheSameRecord() {
        let conflict = { (start: Int) in
            """
            {"at": "\(start)m", "device": "iPhone", "do": "offline"},
            {"at": "\(start + 1)m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": \(start)}},
            {"at": "\(start + 2)m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"rating": 0}},
            {"at": "\(start + 3)m", "device": "iPhone", "do": "online"}
            """
        }
        let report = SimulationTestSupport.run("""
        {"strategy": {"name": "user-choice", "choice": "keep-both", "decideAfter": "5m"},
         "devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [\(conflict(1)), \(conflict(20))]}
        """)
        #expect(report.passed)
        #expect(report.server.map(\.id) == ["fav1", "fav1-copy-iPhone", "fav1-copy-iPhone-2"])
        #expect(report.server.map { $0.fields?["rating"] } == [.number(0), .number(1), .number(20)])
    }

    @Test func keepBothNamesACopyFromTheIdsTheDeviceKnowsNotFromTheServer() {
        // The iPhone deletes a record named like its copy to come and the tombstone is purged: the server no longer
        // has the id, but the iPhone received it (the delete's answer), so its copy does not take it.
        let report = SimulationTestSupport.run("""
        {"strategy": {"name": "user-choice", "choice": "keep-both", "decideAfter": "5m"},
         "devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}},
                     {"id": "fav1-copy-iPhone", "type": "Favorite", "fields": {"rating": 3}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "delete", "record": "fav1-copy-iPhone"},
           {"at": "2m", "do": "purge-tombstones"},
           {"at": "3m", "device": "iPhone", "do": "offline"},
           {"at": "4m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 1}},
           {"at": "5m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"rating": 0}},
           {"at": "6m", "device": "iPhone", "do": "online"}
         ]}
        """)
        #expect(report.passed)
        #expect(report.server.map(\.id) == ["fav1", "fav1-copy-iPhone-2"])
        #expect(report.server.map { $0.fields?["rating"] } == [.number(0), .number(1)])
    }
}
