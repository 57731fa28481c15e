/// The JSON text of the records the last listings wrote, for the next listing to copy.
///
/// Text is kept by place in the listing, separator included. A listing that has the very same record at a place, at
/// the same depth, copies its text, and a run of such records whose texts lie one after another is copied at once;
/// one whose record there differs only in its sync state (a device's listing after the server's) copies all but
/// that. At the end of a run that converged, most of each device's listing is the same records as the last one's,
/// in the same order.
struct RecordTextCache: ~Copyable {
    /// The record last written at a place, where its text lies in `texts`, and the depth it was written at. The record
    /// is read where its listing holds it: `listings` keeps every listing given (a retain each, of arrays the report
    /// holds anyway), where a copy of each record would retain and release its strings and fields.
    private struct Entry {
        var record: UnsafePointer<RecordState>
        var parts: RecordJSONLayout.Parts
        var depth: Int
    }

    /// The bytes copied from `texts` at once, give or take a record: a run longer than this is copied in parts.
    private static let block = 1 << 16

    private var entries: [Entry] = []
    /// Every listing given, kept as it was so that the records the entries point at stay where they are.
    private var listings: [[RecordState]] = []
    private var texts = TextBuffer(capacity: 1 << 16)
    /// How many bytes of `texts` the entries' texts take: the rest is stale.
    private var keptBytes = 0
    /// The layout of the listing being written, with its depth.
    private var layout: (RecordJSONLayout, depth: Int)?

    /// The memory the cache's text takes, in bytes, kept or stale: at most about twice the text it keeps.
    var heldBytes: Int { texts.count }

    /// Appends the items of `listing`, an array's records at `depth`, each after its separator, to `buffer`.
    mutating func append(_ listing: [RecordState], depth: Int, to buffer: inout TextBuffer) {
        if layout?.depth != depth { layout = (RecordJSONLayout(depth: depth), depth) }
        listings.append(listing)
        // The bytes of `texts` still to be copied, which the next record's text may continue up to a block's size,
        // so that a spilling buffer's writes go on while the listing is made.
        var pending = (start: 0, end: 0)
        // Records are read where the kept copy of the listing holds them, which stays put as long as the cache lives.
        listings[listings.count - 1].withUnsafeBufferPointer { listing in
            for place in listing.indices {
                let parts = text(of: listing.inPlace(place), at: place, depth: depth)
                if pending.end != parts.start || pending.end - pending.start >= RecordTextCache.block {
                    buffer.append(texts, from: pending.start, count: pending.end - pending.start)
                    pending.start = parts.start
                }
                pending.end = parts.end
            }
        }
        buffer.append(texts, from: pending.start, count: pending.end - pending.start)
        compactIfMostlyStale()
    }

    /// Where the text of the record at `place` lies in `texts`: the kept one, or one written now, in part copied.
    @inline(__always)
    private mutating func text(of record: UnsafePointer<RecordState>, at place: Int, depth: Int)
        -> RecordJSONLayout.Parts {
        let layout = layout!.0
        let match = place < entries.count
            ? entries.withUnsafeBufferPointer { RecordTextCache.kept($0[place], for: record.pointee, depth: depth) }
            : .other
        let parts: RecordJSONLayout.Parts
        switch match {
        case let .same(kept): return kept
        case let .otherSyncState(kept):
            parts = layout.write(syncState: record.pointee.syncState, at: place, copying: kept, in: &texts)
        case .other: parts = layout.write(record.pointee, at: place, to: &texts)
        }
        let entry = Entry(record: record, parts: parts, depth: depth)
        keptBytes += parts.end - parts.start
        if place < entries.count {
            keptBytes -= entries[place].parts.end - entries[place].parts.start
            entries[place] = entry
        } else {
            entries.append(entry)
        }
        return parts
    }

    /// Copies the texts still kept, in place order, into a buffer of their own once rewritten texts take up more
    /// than half of `texts`, so memory stays within twice the kept text and runs stay long.
    private mutating func compactIfMostlyStale() {
        guard texts.count > 2 * keptBytes + (1 << 16) else { return }
        var compacted = TextBuffer(capacity: keptBytes)
        for place in entries.indices {
            let parts = entries[place].parts
            compacted.append(texts, from: parts.start, count: parts.end - parts.start)
            entries[place].parts = parts.moved(by: compacted.count - parts.end)
        }
        texts = compacted
    }

    /// How a kept text serves a record at its place.
    private enum Match {
        /// The text is the record's, at this depth.
        case same(RecordJSONLayout.Parts)
        /// The text has the record's id, type and fields, but not its sync state or not at this depth.
        case otherSyncState(RecordJSONLayout.Parts)
        /// The text is another record's.
        case other
    }

    /// How `entry`'s text serves `record` at `depth`. Parts count as the same when they are the very same values:
    /// the same bits, so the same storage or the same inline characters, which write the same text. Equal values in
    /// different storage are not taken for the same, since strings that compare equal may be spelled in other bytes.
    private static func kept(_ entry: Entry, for record: borrowing RecordState, depth: Int) -> Match {
        let kept = entry.record
        guard haveSameBits(kept.pointee.id, record.id), haveSameBits(kept.pointee.type, record.type),
              haveSameBits(kept.pointee.fields, record.fields) else { return .other }
        guard entry.depth == depth, haveSameBits(kept.pointee.syncState, record.syncState) else {
            return .otherSyncState(entry.parts)
        }
        return .same(entry.parts)
    }
}
