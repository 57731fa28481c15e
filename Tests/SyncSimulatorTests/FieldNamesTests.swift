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
