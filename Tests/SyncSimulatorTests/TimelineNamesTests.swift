import Testing
@testable import SyncSimulator

/// The run's table of the records its timeline names answers what interning each name would.
@Suite struct TimelineNamesTests {
    /// Names short enough to sit inside the string and long ones held in storage of their own, met again and again.
    @Test(arguments: ["r7", "a-record-named-at-length-beyond-fifteen-bytes"])
    func aNameMetAgainIsTheSameRecord(name: String) {
        var names = TimelineNames()
        let first = names.id(of: name)
        #expect(first == RecordID(name) && first.name == name)
        #expect(names.id(of: name) == first)
        // The same text in another string's storage is a miss, interned to the same record.
        let rebuilt = String(name.dropLast()) + String(name.last!)
        #expect(names.id(of: rebuilt) == first && Array(names.id(of: rebuilt).name.utf8) == Array(name.utf8))
        #expect(names.id(of: name + "x") != first)
    }

    /// Two spellings of one name are one record, each printed as spelt: the table keys strings by their bits, not by
    /// what they compare equal to, so it never answers one spelling with the other's id.
    @Test func eachSpellingKeepsItsOwnName() {
        var names = TimelineNames()
        let composed = names.id(of: "caf\u{E9}-timeline")
        let decomposed = names.id(of: "cafe\u{301}-timeline")
        #expect(composed == decomposed)
        // Compared byte for byte: as strings, the two spellings are equal.
        #expect(Array(composed.name.utf8) == Array("caf\u{E9}-timeline".utf8))
        #expect(Array(decomposed.name.utf8) == Array("cafe\u{301}-timeline".utf8))
        #expect(Array(names.id(of: "cafe\u{301}-timeline").name.utf8) == Array("cafe\u{301}-timeline".utf8))
    }
}
