/// A change token: the server's change sequence a device has fetched through, and when it was issued.
struct ChangeToken: Hashable, Sendable {
    var sequence: Int
    var issuedAt: SimDuration
}

/// One change sent in a modify request.
struct ModifyItem: Sendable {
    enum Operation: Sendable {
        /// Saves the fields named in `changed`, or all of them, replacing the record, when `replace` (`changed` is
        /// then not read).
        case save(type: String, fields: Fields, changed: FieldNames, replace: Bool, ledger: IncrementLedger,
                  fieldTimes: NameTable<Int64>)
        case delete
        case increment(field: String, by: Double, action: Int)

        var isDelete: Bool {
            if case .delete = self { return true }
            return false
        }
    }
    var recordID: RecordID
    var operation: Operation
    /// The change tag the device based this change on; `nil` for a new record.
    var baseTag: Int?
    var timestamp: Int64
    /// The change's number on its device, repeated on every resend of it; `nil` when the client sends none. The
    /// server keeps the answers to each device's keys apart.
    var idempotencyKey: Int?
    /// The user actions this change carries (ground truth for the History).
    var actions: IntList
    /// Whether the server checks `baseTag` (CloudKit's `ifServerRecordUnchanged`); an app's deletes and its saves
    /// under `changedKeys` or `allKeys` overwrite whatever the server has.
    var checksTag = true
}

/// A request from a device to the server.
enum Request: Sendable {
    /// Changes to commit; `atomic`: all or none (the server's `atomicBatches` makes every batch atomic).
    case modify([ModifyItem], atomic: Bool = false)
    /// The changes since a token, deletions included; without a token, the first page of a full listing.
    case fetch(ChangeToken?)
    /// A later page of a full listing. Boxed, as `Response.fetched` is, so that a queued event, which carries its
    /// message, takes 48 bytes, not 72.
    indirect case fetchListing(ListingCursor)
}

/// Where a full listing goes on: after a record id, in a listing begun at a server position. Not a history
/// position, so no purge and no token lifetime can expire it.
struct ListingCursor: Hashable, Sendable {
    /// The last record id listed so far.
    var after: RecordID
    /// The server's change sequence when the listing began.
    var start: Int
}

/// A CloudKit error name, as the report counts them.
enum ServerErrorCode: String, Hashable, Sendable, CaseIterable {
    case serverRecordChanged, unknownItem, limitExceeded, partialFailure, batchRequestFailed
    case requestRateLimited, zoneBusy, serviceUnavailable, changeTokenExpired
    /// Not a server answer: the device gave the request up after `timeout`.
    case networkTimeout
}

/// The server's answer to one modify item.
enum ItemResult: Sendable {
    case saved(RecordVersion)
    /// The record was already deleted or absent: a delete needs nothing more.
    case alreadyDeleted
    case serverRecordChanged(server: RecordVersion, ancestor: RecordVersion?)
    case unknownItem
    case batchRequestFailed
}

/// One page of a fetch: changes since a token, or live records of a full listing; and what follows it.
struct FetchPage: Sendable {
    /// What a device does after a page.
    enum Next: Hashable, Sendable {
        /// This was the last page: fetch changes since this token from now on.
        case done(ChangeToken)
        /// More changes are coming after this token (a position in the change history).
        case moreChanges(ChangeToken)
        /// More of the full listing is coming.
        case moreListing(ListingCursor)
    }

    var versions: [RecordVersion]
    var next: Next
    /// The server's commit count the device is current with after this page, if nothing was committed since.
    var commitCount: Int
}

/// The server's answer to a request.
enum Response: Sendable {
    case modified([ItemResult])
    /// Boxed, as `Request.fetchListing` is, so that a queued event, which carries its message, takes 48 bytes, not 72.
    indirect case fetched(FetchPage)
    /// The whole request failed; `retryAfter` is the server's hint, if any.
    case failed(ServerErrorCode, retryAfter: SimDuration?)

    /// Whether the server turned the request away for load or availability.
    var isRejection: Bool {
        guard case let .failed(code, _) = self else { return false }
        return code == .requestRateLimited || code == .serviceUnavailable || code == .zoneBusy
    }
}
