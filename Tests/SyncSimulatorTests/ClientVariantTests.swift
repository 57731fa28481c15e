import Testing
import SyncSimulator

/// Each buggy `client` variant shows the failure it models, and the correct default does not.
@Suite struct ClientVariantTests {
    private func lostAck(_ clearDirty: String) -> Report {
        SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone", "client": {"clearDirty": "\(clearDirty)"}}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "partition", "for": "1m"},
           {"at": "1m10s", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}}
         ]}
        """)
    }

    @Test func clearingDirtyOnSendLosesAChangeWhoseRequestIsLost() {
        let report = lostAck("on-send")
        #expect(report.actual("lostUpdates") == "1")
        #expect(report.actual("converged") == "quiet at 2m12s330ms but iPhone differs from the server")
        #expect(report.anomalies(.divergence).map(\.sentence) == [
            "iPhone shows \"fav1\" with rating: 5 where the server has rating: 4.",
        ])
    }

    @Test func clearingDirtyOnAckResendsUntilTheServerHasIt() {
        let report = lostAck("on-ack")
        #expect(report.passed)
        #expect(report.serverFields("fav1") == ["rating": .number(5)])
    }

    private func expiredToken(_ onTokenExpired: String) -> Report {
        SimulationTestSupport.run("""
        {"server": {"changeTokenLifetime": "1h"},
         "devices": [{"id": "iPhone"},
                     {"id": "iPad", "client": {"onTokenExpired": "\(onTokenExpired)"}, "sync": {"interval": "forever"}}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}},
                     {"id": "fav2", "type": "Favorite", "fields": {"rating": 1}}],
         "timeline": [
           {"at": "1m", "device": "iPad", "do": "offline"},
           {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
           {"at": "2m", "device": "iPhone", "do": "delete", "record": "fav2"},
           {"at": "3h", "device": "iPad", "do": "online"}
         ],
         "expect": {"within": "10m"}}
        """)
    }

    @Test func ignoringAnExpiredTokenNeverCatchesUp() {
        let report = expiredToken("ignore")
        #expect(report.actual("converged") == "not quiet within 10m")
        #expect(report.quietAt == nil)
        #expect((report.counters.errors["changeTokenExpired"] ?? 0) > 1)
    }

    @Test func refetchingAfterAnExpiredTokenReconcilesDeletes() {
        let report = expiredToken("refetch")
        #expect(report.passed)
        #expect(report.devices.map { $0.records.map(\.id) } == [["fav1"], ["fav1"]])
        #expect(report.counters.errors["changeTokenExpired"] == 1)
    }

    private func refetch(reconcile: Bool) -> Report {
        SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad", "client": {"reconcileOnRefetch": \(reconcile)}}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPad", "do": "offline"},
           {"at": "2m", "device": "iPhone", "do": "delete", "record": "fav1"},
           {"at": "3m", "device": "iPad", "do": "lose-token"},
           {"at": "4m", "device": "iPad", "do": "online"}
         ]}
        """)
    }

    @Test func keepingUnreturnedRecordsOnRefetchMakesAZombie() {
        let report = refetch(reconcile: false)
        #expect(report.actual("zombies") == "1")
        #expect(report.anomalies(.zombie).first?.devices == ["iPhone", "iPad"])
    }

    @Test func reconcilingOnRefetchRemovesTheDeletedRecord() {
        let report = refetch(reconcile: true)
        #expect(report.passed)
        #expect(report.serverFields("fav1") == nil)
    }

    @Test func deleteLocalOnUnknownItemDropsTheEditWithoutAZombie() {
        let report = SimulationTestSupport.run("""
        {"server": {"tombstoneRetention": "1d"},
         "devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "offline"},
           {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
           {"at": "3m", "device": "iPad", "do": "delete", "record": "fav1"},
           {"at": "2d", "device": "iPhone", "do": "online"}
         ]}
        """)
        #expect(report.passed)
        #expect(report.counters.errors["changeTokenExpired"] == 1)
        #expect(report.devices.allSatisfy { $0.records.isEmpty })
    }

    @Test func killedAppLosesOnlyTheResponseAndResendsOnLaunch() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone", "client": {"idempotencyKeys": false}}, {"id": "iPad"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "increment", "record": "c", "field": "n"},
           {"at": "62.05s", "device": "iPhone", "do": "kill"},
           {"at": "5m", "device": "iPhone", "do": "launch"}
         ],
         "expect": {"duplicates": 1}}
        """)
        #expect(report.passed)
        #expect(report.serverFields("c") == ["n": .number(2)])
    }

    @Test func incrementsFromThreeDevicesThroughATunnelAKillAndAResetAllCount() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad"}, {"id": "Mac"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "tunnel", "for": "2m", "up": "3s", "down": "10s"},
           {"at": "1m1s", "device": "iPhone", "do": "increment", "record": "c", "field": "n"},
           {"at": "1m20s", "device": "iPhone", "do": "increment", "record": "c", "field": "n", "by": 2},
           {"at": "2m", "device": "iPad", "do": "increment", "record": "c", "field": "n", "by": 10},
           {"at": "2m1.5s", "device": "Mac", "do": "reset"},
           {"at": "2m2s", "device": "iPad", "do": "kill"},
           {"at": "5m", "device": "iPad", "do": "launch"}
         ],
         "expect": {"records": {"c": {"fields": {"n": 13}}}}}
        """)
        #expect(report.passed)
        #expect(report.devices.allSatisfy { $0.records.first?.fields?["n"] == .number(13) })
    }

    @Test func anEditMadeAfterTheDeleteOnADeviceThatHadNotSeenItIsNotAZombie() {
        let report = SimulationTestSupport.run("""
        {"strategy": "client-wins",
         "devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "offline"},
           {"at": "2m", "device": "iPad", "do": "delete", "record": "fav1"},
           {"at": "3m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
           {"at": "4m", "device": "iPhone", "do": "online"}
         ],
         "expect": {"resurrectedByEdit": 1}}
        """)
        #expect(report.passed)
        #expect(report.actual("zombies") == "0")
        #expect(report.serverFields("fav1") == ["rating": .number(5)])
    }

    @Test func serverWinsDropsTheDevicesEdit() {
        let report = SimulationTestSupport.run("""
        {"strategy": "server-wins",
         "devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "offline"},
           {"at": "2m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"rating": 1}},
           {"at": "3m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
           {"at": "4m", "device": "iPhone", "do": "online"}
         ],
         "expect": {"lostUpdates": 1}}
        """)
        #expect(report.passed)
        #expect(report.serverFields("fav1") == ["rating": .number(1)])
    }

    @Test func aUserRecreatingADeletedRecordIsNeitherAZombieNorAResurrection() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up", "note": "x"}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "delete", "record": "fav1"},
           {"at": "2m", "device": "iPad", "do": "create", "record": "fav1", "type": "Favorite", "fields": {"title": "Again"}},
           {"at": "3m", "device": "iPhone", "do": "edit", "record": "fav1", "unset": ["title"], "set": {"rating": 2}}
         ],
         "expect": {"resurrectedByEdit": 0, "records": {"fav1": {"fields": {"rating": 2, "title": null}}}}}
        """)
        #expect(report.passed)
        #expect(report.anomalies.isEmpty)
    }

    @Test func aLaterIncrementReplacesASetValueButNotAnEarlierIncrement() {
        // Every change is dropped by the client during the rate limit. Both increments of n are lost (increments
        // add up); the set of x is replaced by the later increment of x, so only that increment is lost.
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone", "client": {"onRateLimit": "drop"}}, {"id": "iPad"}],
         "records": [{"id": "c", "type": "Counter", "fields": {"n": 0, "x": 0}}],
         "timeline": [
           {"at": "1m", "do": "rate-limit", "for": "5m", "retryAfter": "1m"},
           {"at": "2m", "device": "iPhone", "do": "increment", "record": "c", "field": "n"},
           {"at": "3m", "device": "iPhone", "do": "increment", "record": "c", "field": "n"},
           {"at": "4m", "device": "iPhone", "do": "edit", "record": "c", "set": {"x": 5}},
           {"at": "5m", "device": "iPhone", "do": "increment", "record": "c", "field": "x"}
         ],
         "expect": {"converged": false, "lostUpdates": 3}}
        """)
        #expect(report.passed)
        #expect(report.anomalies(.lostUpdate).map { $0.times } == [[.minutes(2)], [.minutes(3)], [.minutes(5)]])
    }
}
