/// An error of the simulated CloudKit, as CKError carries it: the code and, for `serverRecordChanged`, the records.
public struct SyncError: Error, Hashable, Sendable {
    /// CKError's codes that the simulated server and network produce.
    public enum Code: String, Hashable, Sendable {
        case serverRecordChanged, unknownItem, limitExceeded, batchRequestFailed
        case requestRateLimited, zoneBusy, serviceUnavailable, changeTokenExpired
        /// The request or its answer was lost, or the link was down (airplane mode too): no answer came within the
        /// timeout.
        case networkFailure
    }

    /// What went wrong.
    public var code: Code
    /// For `serverRecordChanged`: the server's version now, or nil when the server holds a deletion (a tombstone).
    public var serverRecord: SimRecord?
    /// For `serverRecordChanged`: the record the app tried to save.
    public var clientRecord: SimRecord?
    /// For `serverRecordChanged`: the server version the app's save was based on, when the server still has it.
    public var ancestorRecord: SimRecord?
    /// The server's hint, in seconds, of when to try again.
    public var retryAfterSeconds: Double?

    /// An error with `code` and nothing else.
    public init(_ code: Code, retryAfterSeconds: Double? = nil) {
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// Whether trying the same request again later may succeed (what CloudKit calls retryable).
    public var isRetryable: Bool {
        switch code {
        case .requestRateLimited, .zoneBusy, .serviceUnavailable, .networkFailure,
             .batchRequestFailed: return true
        case .serverRecordChanged, .unknownItem, .limitExceeded, .changeTokenExpired: return false
        }
    }

    /// The app-level error for a failed request.
    init(_ code: ServerErrorCode, retryAfter: SimDuration?) {
        let mapped: Code
        switch code {
        case .serverRecordChanged: mapped = .serverRecordChanged
        case .unknownItem: mapped = .unknownItem
        case .limitExceeded: mapped = .limitExceeded
        case .partialFailure, .batchRequestFailed: mapped = .batchRequestFailed
        case .requestRateLimited: mapped = .requestRateLimited
        case .zoneBusy: mapped = .zoneBusy
        case .serviceUnavailable: mapped = .serviceUnavailable
        case .changeTokenExpired: mapped = .changeTokenExpired
        case .networkTimeout: mapped = .networkFailure
        }
        self.init(mapped, retryAfterSeconds: retryAfter.map { Double($0.micros) / 1e6 })
    }
}
