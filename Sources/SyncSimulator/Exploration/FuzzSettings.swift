/// What `fuzz` generates for every seed: how many devices and user actions, the strategy and the client design.
public struct FuzzSettings: Hashable, Sendable {
    /// Devices per scenario.
    public var devices = 3
    /// User actions (create, edit, delete, increment) per scenario.
    public var actions = 50
    /// At most this many records exist at time 0 (at least one).
    public var records = 10
    /// The conflict strategy every generated scenario uses.
    public var strategy: StrategySpec = .lww(clock: .device)
    /// Every device's `client` options: the correct defaults, or a design under test.
    public var client = ClientConfig()

    package static let deviceBounds = 1...20
    package static let actionBounds = 1...10_000

    /// The default settings: 3 devices, 50 actions, up to 10 records, `lww` with correct clients.
    public init() {}
}
