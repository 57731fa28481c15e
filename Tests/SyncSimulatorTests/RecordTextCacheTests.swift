import Testing
@testable import SyncSimulator

/// A listing written through the cache of the listings before it is, byte for byte, what the layout writes for it
/// alone: the cache gives back a text only for the very same record at the same place and depth, and copies the
/// rest of a text whose record differs only in its sync state.
@Suite struct RecordTextCacheTests {
    /// The listing's items as the layout writes them, with no cache.
    static func written(_ listing: [RecordState], depth: Int) -> [UInt8] {
        Array(RecordJSONLayoutTests.items(listing, depth: depth).text.utf8)
    }

    static func cached(_ listing: [RecordState], depth: Int, cache: inout RecordTextCache) -> [UInt8] {
        var buffer = TextBuffer()
        cache.append(listing, depth: depth, to: &buffer)
        return Array(buffer.text.utf8)
    }

    @Test func aListingReadsTheSameThroughTheCache() {
        let shared = RecordState(id: "r1", type: "Item", fields: ["title": .string("one"), "n": .number(1)], syncState: "synced")
        let composed = RecordState(id: "r3", type: "Item", fields: ["title": .string("caf\u{E9}")], syncState: "synced")
        let first = [shared, RecordState(id: "r2", type: "Item", fields: ["n": .number(2)], syncState: "synced"), composed,
                     RecordState(id: "r4", type: "Item", fields: nil, syncState: "synced")]
        // The same record; equal fields in storage of their own; a title that compares equal but is spelled with a
        // combining accent; a record at the place of another; one more than the first listing had.
        let second = [shared, RecordState(id: "r2", type: "Item", fields: ["n": .number(2)], syncState: "pending"),
                      RecordState(id: "r3", type: "Item", fields: ["title": .string("cafe\u{301}")], syncState: "synced"),
                      RecordState(id: "r5", type: "Item", fields: [:], syncState: "synced"),
                      RecordState(id: "r6", type: "Item", fields: ["n": .number(6)], syncState: "offline")]
        #expect(second[2] == composed, "Swift compares the two titles equal")
        // The server's listing: the same records but for their sync state, at another depth; and a listing with the
        // first's very records but one, whose sync state alone differs.
        let server = first.map { RecordState(id: $0.id, type: $0.type, fields: $0.fields) }
        var pending = first
        pending[0].syncState = "pending"
        var cache = RecordTextCache()
        // Device listings after the server's, shorter and empty listings after longer ones, a listing at another
        // depth, and the server's again.
        for (listing, depth) in [(server, 1), (first, 3), (pending, 3), (second, 3), (first, 3), ([shared], 3), ([], 3),
                                 (second, 3), (second, 2), (server, 1), (first, 3)] {
            #expect(RecordTextCacheTests.cached(listing, depth: depth, cache: &cache)
                        == RecordTextCacheTests.written(listing, depth: depth))
        }
    }

    /// Listings that rewrite most records, over and over, make the cache drop the stale texts, so it holds at most
    /// twice the text it keeps (and a block); the records it kept, whose text was moved, still read the same.
    @Test func listingsReadTheSameAfterTheStaleTextIsDropped() {
        let kept = (0..<1_500).map { index in
            RecordState(id: "r\(index)", type: "Item", fields: ["title": .string("kept \(index)")], syncState: "synced")
        }
        let listing = { (round: Int) in
            kept.indices.map { index in
                index % 3 == 0 ? kept[index]
                    : RecordState(id: "r\(index)", type: "Item", fields: ["title": .string("round \(round) of \(index)")],
                                  syncState: "synced")
            }
        }
        var cache = RecordTextCache()
        var compactions = 0
        for round in 0..<12 {
            let held = cache.heldBytes
            let current = listing(round)
            let text = RecordTextCacheTests.cached(current, depth: 3, cache: &cache)
            #expect(text == RecordTextCacheTests.written(current, depth: 3))
            #expect(cache.heldBytes <= 2 * text.count + (1 << 16))
            guard cache.heldBytes < held else { continue }
            compactions += 1
            // Just compacted: the same listing again is copied from the moved text.
            #expect(RecordTextCacheTests.cached(current, depth: 3, cache: &cache) == text)
        }
        #expect(compactions >= 2)
    }

    /// A listing of the very same records, in an array of its own, copies every text: the cache tells records by what
    /// they hold, not by where they lie, so each device's listing after the first costs no new text.
    @Test func anotherArrayOfTheSameRecordsAddsNoText() {
        let records = (0..<200).map { index in
            RecordState(id: "r\(index)", type: "Item", fields: ["title": .string("item \(index)")], syncState: "synced")
        }
        var cache = RecordTextCache()
        let first = RecordTextCacheTests.cached(records, depth: 3, cache: &cache)
        let held = cache.heldBytes
        let again = RecordTextCacheTests.cached(records.map { $0 }, depth: 3, cache: &cache)
        #expect(again == first)
        #expect(cache.heldBytes == held)
    }
}
