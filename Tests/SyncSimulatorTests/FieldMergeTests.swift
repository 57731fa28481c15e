import Testing
@testable import SyncSimulator

/// `field-merge`'s three-way merge, on the strategy itself and through a simulation.
@Suite struct FieldMergeTests {
    private func conflict(ancestor: FieldValue, local: FieldValue, server: FieldValue) -> Conflict {
        Conflict(record: "song1", type: "Song", device: "iPhone",
                 local: ConflictSide(fields: ["playCount": local], timestamp: 2),
                 server: ConflictSide(fields: ["playCount": server], timestamp: 1),
                 ancestor: ConflictSide(fields: ["playCount": ancestor], timestamp: 0))
    }

    @Test func sumAddsBothSidesChangesEvenWhenTheyAreEqual() {
        let merge = FieldMerge(rules: ["playCount": .sum])
        #expect(merge.resolve(conflict(ancestor: .number(10), local: .number(12), server: .number(12)))
                == .merged(["playCount": .number(14)]))
        #expect(merge.resolve(conflict(ancestor: .number(10), local: .number(12), server: .number(15)))
                == .merged(["playCount": .number(17)]))
    }

    @Test func otherRulesKeepAnEqualChangeOnBothSides() {
        for rule in [FieldRule.lww, .max, .min, .server, .client] {
            let merge = FieldMerge(rules: ["playCount": rule])
            #expect(merge.resolve(conflict(ancestor: .number(10), local: .number(12), server: .number(12))) == .keepServer)
        }
    }

    /// The iPad changes playCount from 10 to 12 with `iPadChange` (a step's `do` and its keys) while the offline
    /// iPhone sets it to 12 too.
    private func sameCountOnBothSides(_ iPadChange: String) -> Report {
        SimulationTestSupport.run("""
        {"strategy": {"name": "field-merge", "fields": {"playCount": "sum"}},
         "devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "song1", "type": "Song", "fields": {"title": "Blue", "playCount": 10}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "offline"},
           {"at": "2m", "device": "iPad", "record": "song1", \(iPadChange)},
           {"at": "3m", "device": "iPhone", "do": "edit", "record": "song1", "set": {"playCount": 12}},
           {"at": "11m", "device": "iPhone", "do": "online"}
         ],
         "expect": {"records": {"song1": {"fields": {"playCount": 14}}}}}
        """)
    }

    @Test(arguments: [#""do": "edit", "set": {"playCount": 12}"#, #""do": "increment", "field": "playCount", "by": 2"#])
    func twoDevicesChangingACountAlikeBothCountUnderSum(iPadChange: String) {
        let report = sameCountOnBothSides(iPadChange)
        #expect(report.expectations.filter { $0.key.hasPrefix("records.") || $0.key == "converged" }.allSatisfy { $0.held })
        #expect(report.devices.map { $0.records.first?.fields?["playCount"] } == [.number(14), .number(14)])
        #expect(report.counters.conflicts == 1)
        #expect(report.actual("duplicates") == "0")
    }
}
