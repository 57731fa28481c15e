import Testing
@testable import SyncSimulator

/// Valid scenario files and the model values they give.
@Suite("Scenario loader: valid files")
struct ScenarioLoaderTests {
    @Test func loadsTheFormatExample() throws {
        let scenario = try #require(LoaderTestSupport.scenario(LoaderTestSupport.example))
        #expect(scenario.format == 1)
        #expect(scenario.name == "zombie-after-long-offline")
        #expect(scenario.description.hasPrefix("The iPhone edits a favorite"))
        #expect(scenario.seed == 1)
        #expect(scenario.strategy == .lww(clock: .device))
        var server = ServerConfig()
        server.tombstoneRetention = .days(30)
        #expect(scenario.server == server)
        #expect(scenario.network == NetworkConfig())
        #expect(scenario.devices.map(\.id) == ["iPhone", "iPad"])
        #expect(scenario.devices[0].client.onUnknownItem == .reupload)
        #expect(scenario.devices[1].client == ClientConfig())
        #expect(scenario.records == [RecordSpec(id: "fav1", type: "Favorite", fields: ["title": .string("Up"), "rating": .number(4)])])
        #expect(scenario.timeline == [
            TimelineStep(at: .minutes(1), devices: ["iPhone"], action: .offline),
            TimelineStep(at: .minutes(2), devices: ["iPhone"], action: .edit(record: "fav1", set: ["rating": .number(5)], unset: [])),
            TimelineStep(at: .minutes(3), devices: ["iPad"], action: .delete(record: "fav1")),
            TimelineStep(at: .days(31), devices: ["iPhone"], action: .online),
        ])
        var expect = Expectations()
        expect.zombies = .exactly(1)
        #expect(scenario.expect == expect)
        #expect(scenario.limits == Limits())
    }

    @Test func mergesObjectsOverDefaults() throws {
        let json = LoaderTestSupport.minimal(#"""
        "network": {"requestLoss": 1},
        "limits": {"events": 10}
        """#).replacingOccurrences(of: #"{"id": "B"}"#, with: #"{"id": "B", "network": {"latency": {"min": "1ms", "max": "2ms"}}}"#)
        let scenario = try #require(LoaderTestSupport.scenario(json))
        #expect(scenario.network.latencyMin == .millis(80))
        #expect(scenario.network.latencyMax == .millis(80))
        #expect(scenario.network.requestLoss == 1)
        #expect(scenario.devices[0].network == scenario.network)
        #expect(scenario.devices[1].network.requestLoss == 1)
        #expect(scenario.devices[1].network.latencyMin == .millis(1))
        #expect(scenario.devices[1].network.latencyMax == .millis(2))
        #expect(scenario.limits.time == .days(400))
        #expect(scenario.limits.events == 10)
    }

    @Test func readsEveryOptionalSection() throws {
        let json = """
        {
          "format": 1, "seed": 18446744073709551615,
          "strategy": {"name": "field-merge", "fields": {"rating": "max", "tags": "union"}},
          "server": {"changeTokenLifetime": "7d", "batchLimit": 10, "atomicBatches": true, "fetchPageSize": 5,
                     "rateLimit": {"requests": 40, "per": "1m", "retryAfter": "30s"}, "processing": "0s",
                     "savesOverDeleted": "unknown-item"},
          "network": {"latency": "10ms", "responseLoss": 0.5, "duplicate": 0.25, "timeout": "5s"},
          "devices": [{"id": "A", "online": false, "clock": {"skew": "-10m", "drift": "-20ppm"},
                       "sync": {"interval": "forever", "afterEdit": "0s", "onForeground": false, "push": false},
                       "client": {"deletes": "hard", "idempotencyKeys": false, "clearDirty": "on-send",
                                  "onRateLimit": "drop", "onTokenExpired": "ignore", "reconcileOnRefetch": false,
                                  "retry": {"base": "2s", "max": "1m"}},
                       "choice": "keep-both"}],
          "timeline": [
            {"at": "1h", "do": "increment", "device": "A", "record": "n", "field": "count", "by": 2.5},
            {"at": "0s", "do": "create", "device": "A", "record": "n", "type": "Note", "fields": {"tags": ["a", "b"], "x": null}},
            {"at": "1h", "do": "tunnel", "device": "A", "for": "1m"},
            {"at": "1h", "do": "partition", "devices": ["A"], "for": "1m"},
            {"at": "1h", "do": "outage", "for": "1m"},
            {"at": "1h", "do": "rate-limit", "for": "1m", "retryAfter": "5s"},
            {"at": "2h", "do": "purge-tombstones"}
          ],
          "expect": {"converged": false, "within": "2h", "lostUpdates": {"atLeast": 1, "atMost": 3},
                     "unexplainedLostUpdates": {"atMost": 2},
                     "stuck": {"atMost": 1}, "records": {"n": {"deleted": true}}, "resurrectedByEdit": 0},
          "limits": {"time": "10d"}
        }
        """
        let scenario = try #require(LoaderTestSupport.scenario(json, file: "dir/some-file.json"))
        #expect(scenario.name == "some-file")
        #expect(scenario.seed == .max)
        #expect(scenario.strategy == .fieldMerge(rules: ["rating": .max, "tags": .union]))
        #expect(scenario.server.rateLimit == RateLimit(requests: 40, per: .minutes(1), retryAfter: .seconds(30)))
        #expect(scenario.server.changeTokenLifetime == .days(7))
        #expect(scenario.server.savesOverDeleted == .unknownItem)
        #expect(ServerConfig().savesOverDeleted == .conflict)
        let device = scenario.devices[0]
        #expect(device.clock.skew == .minutes(-10))
        #expect(device.clock.driftPPM == -20)
        #expect(device.sync.interval == .forever)
        #expect(device.client.retryBase == .seconds(2))
        #expect(device.client.retryMax == .minutes(1))
        #expect(device.client.onUnknownItem == .deleteLocal)
        #expect(device.choice == .keepBoth)
        #expect(device.network.latencyMax == .millis(10))
        #expect(scenario.timeline.map(\.action.name) == ["increment", "create", "tunnel", "partition", "outage",
                                                        "rate-limit", "purge-tombstones"])
        #expect(scenario.timeline[2].action == .tunnel(duration: .minutes(1), up: .seconds(5), down: .seconds(20)))
        #expect(scenario.timeline[4] == TimelineStep(at: .hours(1), action: .outage(duration: .minutes(1), retryAfter: nil)))
        #expect(scenario.expect.lostUpdates == CountExpectation(atLeast: 1, atMost: 3))
        #expect(scenario.expect.unexplainedLostUpdates == CountExpectation(atLeast: nil, atMost: 2))
        #expect(scenario.expect.stuck == CountExpectation(atLeast: nil, atMost: 1))
        #expect(scenario.expect.records == ["n": RecordExpectation(deleted: true)])
        #expect(scenario.expect.resurrectedByEdit == .exactly(0))
        #expect(scenario.limits.time == .days(10))
    }

    @Test func strategyNameGivesDefaultOptions() throws {
        let scenario = try #require(LoaderTestSupport.scenario(LoaderTestSupport.minimal(#""strategy": "user-choice""#)))
        #expect(scenario.strategy == .userChoice(choice: .keepLocal, decideAfter: .minutes(10)))
    }
}
