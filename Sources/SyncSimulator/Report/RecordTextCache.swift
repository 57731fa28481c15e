/// The JSON text of each record of the device listings, kept by its place in the listing, so that the next device
/// that lists the very same record at the same place copies the text instead of writing it again: at the end of a run
/// that converged, most of each device's listing is the same records as the last one's, in the same order.
struct RecordTextCache: ~Copyable {
    /// A record's text, `count` bytes from `start` in `texts`.
    private struct Entry {
        let record: RecordState
        let start: Int
        let count: Int
    }

    private var entries: [Entry?] = []
    private var texts = TextBuffer(capacity: 1 << 16)
    /// The layout of the records, made for the depth of the first one written.
    private var layout: RecordJSONLayout?

    /// Appends the text of `record`, listed at `place` in a listing at `depth`, to `buffer`.
    mutating func append(_ record: RecordState, at place: Int, depth: Int, to buffer: inout TextBuffer) {
        if place < entries.count, let entry = entries[place], RecordTextCache.isVerySame(entry.record, record) {
            return buffer.append(texts, from: entry.start, count: entry.count)
        }
        if layout == nil { layout = RecordJSONLayout(depth: depth) }
        let start = texts.count
        layout!.write(record, to: &texts)
        let entry = Entry(record: record, start: start, count: texts.count - start)
        if place < entries.count {
            entries[place] = entry
        } else {
            entries.append(contentsOf: repeatElement(nil, count: place - entries.count))
            entries.append(entry)
        }
        buffer.append(texts, from: start, count: entry.count)
    }

    /// Whether two records are the very same values: each part the same bits, so the same storage or the same inline
    /// characters, which write the same text. Equal records in different storage are not taken for the same, since
    /// strings that compare equal may still be spelled in different bytes.
    private static func isVerySame(_ a: RecordState, _ b: RecordState) -> Bool {
        haveSameBits(a.id, b.id) && haveSameBits(a.type, b.type) && haveSameBits(a.fields, b.fields)
            && haveSameBits(a.syncState, b.syncState)
    }
}
