import Testing
@testable import SyncSimulator

/// A record's tables by field name stay in name order however they are written, and find every name.
@Suite struct NameTableTests {
    @Test func namesWrittenInAnyOrderStayInNameOrder() {
        var table: NameTable<Int> = [:]
        for (name, value) in [("plays", 1), ("title", 2), ("rating", 3), ("album", 4), ("year", 5)] {
            table[name] = value
        }
        #expect(table.entries.map(\.name) == ["album", "plays", "rating", "title", "year"])
        #expect(table["rating"] == 3 && table["album"] == 4 && table["missing"] == nil)
        table["plays"] = 10
        table["title"] = nil
        table["zebra"] = 6
        #expect(table.entries.map(\.name) == ["album", "plays", "rating", "year", "zebra"])
        #expect(table.entries.map(\.value) == [4, 10, 3, 5, 6])
        #expect(NameTable<Int>().entries.isEmpty && ([:] as NameTable<Int>) == NameTable())
    }

    /// A walk finds each name asked for in name order, whether the names asked skip some of the table's or name some
    /// it lacks, before, between and after its own.
    @Test func aWalkFindsNamesAskedForInNameOrder() {
        let table: NameTable<Int> = ["b": 1, "d": 2, "f": 3]
        var walk = NameTable.Walk(table)
        let asked = ["a", "b", "c", "f", "g"].map { walk.value(named: $0) }
        #expect(asked == [nil, 1, nil, 3, nil])
        var again = NameTable.Walk(table)
        #expect(again.value(named: "d") == 2 && again.value(named: "f") == 3 && again.value(named: "z") == nil)
        var empty = NameTable.Walk(NameTable<Int>())
        #expect(empty.value(named: "b") == nil)
    }
}
