import Foundation

/// What an app is given when it launches on a device: the device's id, its durable storage, its clock and random
/// numbers, and the database; the app makes its sync engine from it.
public final class AppLaunch {
    /// The device's id in the scenario.
    public let deviceID: String
    /// What the app persisted before (nothing on the first launch and after a reset).
    public let storage: DeviceStorage
    /// The device's random numbers; draw every random value and UUID from it.
    public let random: AppRandom
    /// The simulated CloudKit database, for code that sends its own modify and fetch operations.
    public let database: SimDatabase
    private unowned let device: AppDevice

    init(device: AppDevice, database: SimDatabase) {
        deviceID = device.id.name
        storage = device.storage
        random = device.random
        self.database = database
        self.device = device
    }

    /// The time on the device's clock now, skew and drift included (the run's true time 0 is 2026-01-01 00:00 UTC):
    /// use it instead of `Date()`.
    public var now: Date {
        Date(timeIntervalSince1970: AppLaunch.epoch + Double(device.deviceClock) / 1e6)
    }

    /// A random UUID from the device's stream: use it instead of `UUID()`.
    public func makeUUID() -> UUID { random.makeUUID() }

    /// Makes the app's sync engine, restoring the pending changes and change token of a serialization the app saved
    /// on a `stateUpdate` event (nil on a first launch). It starts syncing once the app's launch returns.
    public func makeSyncEngine(stateSerialization: SyncEngine.State.Serialization?,
                               delegate: any SyncEngineDelegate) -> SyncEngine {
        let engine = SyncEngine(device: device, database: database, serialization: stateSerialization,
                                delegate: delegate)
        device.engine = engine
        return engine
    }

    /// 2026-01-01 00:00:00 UTC, in seconds since 1970.
    static let epoch = 1_767_225_600.0
}
