/// The JSON text of the records a device listing wrote, for the next device's listing to copy.
///
/// Text is kept by place in the listing: the next device that lists the very same record at the same place copies
/// it instead of writing it again. At the end of a run that converged, most of each device's listing is the same
/// records as the last one's, in the same order.
struct RecordTextCache: ~Copyable {
    /// The record last written at each place, and where its text lies in `texts`.
    private var records: [RecordState] = []
    private var starts: [Int] = []
    private var counts: [Int] = []
    private var texts = TextBuffer(capacity: 1 << 16)
    /// The layout of the records, made for the depth of the first one written.
    private var layout: RecordJSONLayout?

    /// Appends the text of `record`, listed at `place` in a listing at `depth`, to `buffer`; a listing's places come
    /// in order from 0.
    mutating func append(_ record: borrowing RecordState, at place: Int, depth: Int, to buffer: inout TextBuffer) {
        precondition(place <= records.count, "a listing's places come in order")
        if place < records.count,
           records.withUnsafeBufferPointer({ RecordTextCache.isVerySame($0[place], record) }) {
            return buffer.append(texts, from: starts[place], count: counts[place])
        }
        if layout == nil { layout = RecordJSONLayout(depth: depth) }
        let start = texts.count
        layout!.write(copy record, to: &texts)
        if place < records.count {
            records[place] = copy record
            starts[place] = start
            counts[place] = texts.count - start
        } else {
            records.append(copy record)
            starts.append(start)
            counts.append(texts.count - start)
        }
        buffer.append(texts, from: start, count: texts.count - start)
    }

    /// Whether two records are the very same values: each part the same bits, so the same storage or the same inline
    /// characters, which write the same text. Equal records in different storage are not taken for the same, since
    /// strings that compare equal may still be spelled in different bytes.
    private static func isVerySame(_ a: borrowing RecordState, _ b: borrowing RecordState) -> Bool {
        haveSameBits(a.id, b.id) && haveSameBits(a.type, b.type) && haveSameBits(a.fields, b.fields)
            && haveSameBits(a.syncState, b.syncState)
    }
}
