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
}
