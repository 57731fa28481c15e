/// Last writer wins: the whole record with the newer timestamp wins; on equal timestamps the server's.
public struct LastWriterWins: ConflictStrategy {
    /// Which clock's timestamps are compared.
    public let clock: LWWClock
    /// Last writer wins by the given clock (device clocks unless told otherwise).
    public init(clock: LWWClock = .device) { self.clock = clock }
    /// `lww`, or `lww (hybrid clock)` / `lww (server clock)` for the other clocks.
    public var name: String { clock == .device ? "lww" : "lww (\(clock.rawValue) clock)" }

    /// Keeps the local version only when it is strictly newer than the server's.
    public func resolve(_ conflict: Conflict) -> Resolution {
        conflict.local.timestamp > conflict.server.timestamp ? .keepLocal : .keepServer
    }
}

/// The server's record always wins a conflict.
public struct ServerWins: ConflictStrategy {
    /// The server-wins strategy.
    public init() {}
    /// `server-wins`.
    public var name: String { "server-wins" }
    /// Always keeps the server's version.
    public func resolve(_ conflict: Conflict) -> Resolution { .keepServer }
}

/// The device's record always wins a conflict.
public struct ClientWins: ConflictStrategy {
    /// The client-wins strategy.
    public init() {}
    /// `client-wins`.
    public var name: String { "client-wins" }
    /// Always keeps the device's version.
    public func resolve(_ conflict: Conflict) -> Resolution { .keepLocal }
}
