/// Where a fetch of zone changes goes on from (CKServerChangeToken's role): opaque to the app, which keeps the latest
/// one and passes it back; nil fetches everything from scratch.
public struct ServerChangeToken: Hashable, Sendable, Codable {
    enum Position: Hashable, Sendable, Codable {
        /// Changes after a position in the server's change history.
        case changes(sequence: Int, issuedAt: Int64)
        /// A full listing under way, after a record id.
        case listing(after: String, start: Int)
    }

    let position: Position

    /// The request that fetches from this token, or from scratch without one.
    static func request(since token: ServerChangeToken?) -> Request {
        switch token?.position {
        case nil: return .fetch(nil)
        case let .changes(sequence, issuedAt)?:
            return .fetch(ChangeToken(sequence: sequence, issuedAt: SimDuration(micros: issuedAt)))
        case let .listing(after, start)?: return .fetchListing(ListingCursor(after: RecordID(after), start: start))
        }
    }

    init(_ token: ChangeToken) {
        position = .changes(sequence: token.sequence, issuedAt: token.issuedAt.micros)
    }

    init(_ cursor: ListingCursor) {
        position = .listing(after: cursor.after.name, start: cursor.start)
    }

    /// Whether the token is a position in a full listing rather than in the change history.
    var isListing: Bool {
        if case .listing = position { return true }
        return false
    }

    /// The last record id listed so far, when the token is a position in a full listing.
    var listedThrough: String? {
        if case let .listing(after, _) = position { return after }
        return nil
    }
}
