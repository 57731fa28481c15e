/// What a device has noted of one record for the History: the highest change tag received, and whether the record
/// was live or gone here when last noted.
struct Noted {
    var receivedTag: Int?
    var live: Bool?

    /// Takes note of a change tag received from the server.
    mutating func receive(_ tag: Int) {
        if receivedTag.map({ $0 < tag }) ?? true { receivedTag = tag }
    }

    /// `receive(_:)` and `noteStored(_:)` at once.
    mutating func receive(_ tag: Int, stored: Bool?) -> Bool {
        receive(tag)
        return noteStored(stored)
    }

    /// Takes note of what the store now holds of the record: a live record (true), a local tombstone (false) or
    /// nothing (nil). True when that changes the record's liveness here: a record the store no longer holds is gone
    /// only if it was live.
    mutating func noteStored(_ stored: Bool?) -> Bool {
        let now = stored ?? false
        guard live != now, stored != nil || live == true else { return false }
        live = now
        return true
    }
}
