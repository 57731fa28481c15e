import Foundation

/// A device's durable key-value store for its app: each write is on disk at once, survives a kill, and is wiped by a
/// reset (a reinstall).
public final class DeviceStorage {
    private var values: [String: Data] = [:]

    init() {}

    /// The data stored under `key`; setting nil removes it.
    public subscript(key: String) -> Data? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Every key that holds data, in order.
    public var keys: [String] { values.keys.sorted() }

    /// Forgets everything (the app was deleted and installed again).
    func wipe() { values = [:] }
}
