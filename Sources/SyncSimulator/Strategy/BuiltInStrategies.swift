/// Last writer wins: the whole record with the newer timestamp wins; on equal timestamps the server's.
public struct LastWriterWins: ConflictStrategy {
    public let clock: LWWClock
    public init(clock: LWWClock = .device) { self.clock = clock }
    public var name: String { clock == .device ? "lww" : "lww (\(clock.rawValue) clock)" }

    public func resolve(_ conflict: Conflict) -> Resolution {
        conflict.local.timestamp > conflict.server.timestamp ? .keepLocal : .keepServer
    }
}

/// The server's record always wins a conflict.
public struct ServerWins: ConflictStrategy {
    public init() {}
    public var name: String { "server-wins" }
    public func resolve(_ conflict: Conflict) -> Resolution { .keepServer }
}

/// The device's record always wins a conflict.
public struct ClientWins: ConflictStrategy {
    public init() {}
    public var name: String { "client-wins" }
    public func resolve(_ conflict: Conflict) -> Resolution { .keepLocal }
}
