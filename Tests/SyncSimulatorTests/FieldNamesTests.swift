import Testing
@testable import SyncSimulator

/// The fields a save writes: each once, in name order, however they were named and merged.
@Suite struct FieldNamesTests {
    @Test func namesGivenInAnyOrderAreKeptOnceInNameOrder() {
        #expect(Array(FieldNames(["title", "body", "title", "at", "body"])) == ["at", "body", "title"])
        #expect(FieldNames([]).isEmpty)
        // Two spellings of one name are one name, as strings compare.
        #expect(Array(FieldNames(["caf\u{E9}", "cafe\u{301}"])).count == 1)
    }

    /// Of two spellings of one name, a union keeps the first's, as the set it replaced did: a save folded into an
    /// earlier one writes the field under the name the earlier edit spelt, which the server then stores.
    @Test func aUnionKeepsTheFirstSpellingOfAName() {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        for (first, second) in [(composed, decomposed), (decomposed, composed)] {
            let merged = Array(FieldNames([first, "a"]).union([second, "z"]))
            #expect(merged.map { Array($0.unicodeScalars) } == [["a"], Array(first.unicodeScalars), ["z"]])
        }
    }

    @Test func aRecordsFieldsGiveTheirNamesInOrder() {
        let fields: Fields = ["title": .string("a"), "rating": .number(3), "body": .string("b")]
        #expect(Array(FieldNames(of: fields)) == ["body", "rating", "title"])
    }

    @Test(arguments: [
        ([String](), ["a"], ["a"]),
        (["a"], [], ["a"]),
        (["b", "d"], ["a", "b", "c", "e"], ["a", "b", "c", "d", "e"]),
        (["a", "b", "c"], ["a", "b", "c"], ["a", "b", "c"]),
        (["x"], ["a"], ["a", "x"]),
    ])
    func aUnionMergesInNameOrderWithoutRepeats(left: [String], right: [String], merged: [String]) {
        #expect(Array(FieldNames(left).union(FieldNames(right))) == merged)
        #expect(Array(FieldNames(right).union(left)) == merged)
        var formed = FieldNames(left)
        formed.formUnion(FieldNames(right))
        #expect(formed == FieldNames(merged))
    }
}
