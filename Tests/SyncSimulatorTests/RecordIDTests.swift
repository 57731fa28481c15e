import Testing
@testable import SyncSimulator

/// Record ids look up and order exactly as their names did.
@Suite struct RecordIDTests {
    @Test func namesEqualAsStringsAreOneRecord() {
        let composed = RecordID("caf\u{E9}")
        let decomposed = RecordID("cafe\u{301}")
        #expect(composed == decomposed)
        var store: [RecordID: Int] = [composed: 1]
        store[decomposed, default: 0] += 1
        #expect(store.count == 1)
        #expect(store[RecordID("caf\u{E9}")] == 2)
        #expect(RecordID("cafe") != composed)
    }

    /// Scalars whose canonical decomposition is newer than Foundation's tables are still one record.
    @Test func namesEqualByTheNewestUnicodeTablesAreOneRecord() {
        let composed = RecordID("\u{105C9}")
        let decomposed = RecordID("\u{105D2}\u{307}")
        #expect(composed == decomposed)
        #expect(Set([composed, decomposed]).count == 1)
        #expect(!(composed < decomposed) && !(decomposed < composed))
        #expect(RecordID("K") == RecordID("\u{212A}"))
    }

    /// A report prints a name as its scenario spelt it, whichever spelling of it the process met first.
    @Test func eachSpellingKeepsItsOwnName() {
        let composed = "Zo\u{EB}-keeps-its-spelling"
        let decomposed = "Zoe\u{308}-keeps-its-spelling"
        let first = RecordID(decomposed)
        let second = RecordID(composed)
        #expect(first == second)
        #expect(Array(first.name.unicodeScalars) == Array(decomposed.unicodeScalars))
        #expect(Array(second.name.unicodeScalars) == Array(composed.unicodeScalars))
        #expect(Array(RecordID(composed).description.unicodeScalars) == Array(composed.unicodeScalars))
    }

    @Test func idsSortAsTheirNames() {
        let names: [String] = ["r10", "r2", "Zed", "a", "r1", "\u{E9}t\u{E9}", "r1-copy-iPad", "", "record-0002",
                               "record-0001", "record-0", "recordXY", "record\u{0}", "record", "~", "r\u{E9}", "r~"]
        let sorted: [String] = names.map { RecordID($0) }.sorted().map(\.name)
        #expect(sorted == names.sorted())
        #expect(RecordID("r1") < RecordID("r10"))
        #expect(!(RecordID("r10") < RecordID("r10")))
    }

    /// Ids compare as their names for every pair of a few hundred names that share heads, lengths and odd bytes.
    @Test func everyPairComparesAsItsNames() {
        let alphabet: [String] = ["\u{0}", "-", "0", "9", "A", "a", "z", "~", "\u{7F}", "\u{E9}", "e\u{301}"]
        var state: UInt64 = 7
        let names: [String] = (0..<300).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 60)
            return (0..<length).map { place in
                alphabet[Int((state >> UInt64(4 * place % 56)) % UInt64(alphabet.count))]
            }.joined()
        }
        let ids = names.map { RecordID($0) }
        for left in names.indices {
            for right in names.indices where (ids[left] < ids[right]) != (names[left] < names[right]) {
                Issue.record("\(names[left].debugDescription) < \(names[right].debugDescription) is \(names[left] < names[right])")
            }
        }
    }

    @Test func aLargeTableFindsEveryIdByAFreshCopy() {
        let names = (0..<20_000).map { "r\($0)" }
        var table: [RecordID: Int] = [:]
        for (index, name) in names.enumerated() { table[RecordID(name)] = index }
        #expect(table.count == names.count)
        #expect(names.indices.allSatisfy { table[RecordID(names[$0])] == $0 })
        #expect(table[RecordID("r20000")] == nil)
    }
}
