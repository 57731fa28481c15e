import Testing
@testable import SyncSimulator

/// A store is put in id order whether it holds the server's records, others, or both.
@Suite struct RecordOrderTests {
    private func server(_ names: [String]) -> [RecordID: RecordVersion] {
        Dictionary(uniqueKeysWithValues: names.map { name in
            (RecordID(name), RecordVersion(id: RecordID(name), type: "Item", fields: [:], deleted: false, changeTag: 1,
                                           timestamp: 0, fieldTimes: [:], ledger: IncrementLedger()))
        })
    }

    @Test func aStoreMergesTheServersOrderWithItsOwnRecords() {
        let order = RecordOrder(server: server(["b", "d", "f", "h"]))
        #expect(order.ids.map(\.name) == ["b", "d", "f", "h"])
        let store: [RecordID: Int] = ["a": 1, "d": 2, "e": 3, "h": 4, "z": 5]
        #expect(order.sorted(store).map(\.key.name) == ["a", "d", "e", "h", "z"])
        #expect(order.sorted(store).map(\.value) == [1, 2, 3, 4, 5])
    }

    @Test func aStoreKeepsItsOwnSpellingOfAnId() {
        let order = RecordOrder(server: server(["caf\u{E9}", "x"]))
        let store: [RecordID: Int] = [RecordID("cafe\u{301}"): 1, "x": 2]
        #expect(order.sorted(store).map { Array($0.key.name.unicodeScalars) } == [Array("cafe\u{301}".unicodeScalars), ["x"]])
        #expect(RecordOrder(server: [:]).sorted(store).map(\.value) == [1, 2])
    }

    @Test func aSmallStoreAgainstALargeServerIsSortedOnItsOwn() {
        let order = RecordOrder(server: server((0..<100).map { "r\($0)" }))
        let store: [RecordID: Int] = ["r50": 1, "n1": 2, "r7": 3]
        #expect(order.sorted(store).map(\.key.name) == ["n1", "r50", "r7"])
        #expect(order.sorted([RecordID: Int]()).isEmpty)
    }
}
