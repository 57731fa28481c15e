import Testing
@testable import SyncSimulator

/// A device listing written through the cache of the listing before it is, byte for byte, what the layout writes for
/// it alone: the cache gives back a text only for the very same record at the same place.
@Suite struct RecordTextCacheTests {
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
        var cache = RecordTextCache()
        for listing in [first, second, first] {
            var cached = TextBuffer()
            var written = TextBuffer()
            for (place, record) in listing.enumerated() {
                cache.append(record, at: place, depth: 4, to: &cached)
                RecordJSONLayout(depth: 4).write(record, to: &written)
            }
            let (cachedBytes, writtenBytes) = (Array(cached.text.utf8), Array(written.text.utf8))
            #expect(cachedBytes == writtenBytes)
        }
    }
}
