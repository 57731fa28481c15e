/// The `do` names of timeline steps, with the keys each one takes besides `at`, `do` and its device.
enum StepKind: String, CaseIterable {
    case create, edit, delete, increment, offline, online, tunnel, partition
    case kill, launch, foreground, background, sync
    case loseToken = "lose-token", reset
    case rateLimit = "rate-limit", outage, zoneBusy = "zone-busy", purgeTombstones = "purge-tombstones"

    /// Steps that act on the server take no device.
    var isServerStep: Bool {
        switch self {
        case .rateLimit, .outage, .zoneBusy, .purgeTombstones: return true
        default: return false
        }
    }

    /// The keys that name this step's device(s): none, `device`, or for a partition `device` or `devices`.
    var deviceKeys: [String] {
        if isServerStep { return [] }
        return self == .partition ? ["device", "devices"] : ["device"]
    }

    /// The step's own keys.
    var optionKeys: [String] {
        switch self {
        case .create: return ["record", "type", "fields"]
        case .edit: return ["record", "set", "unset"]
        case .delete: return ["record"]
        case .increment: return ["record", "field", "by"]
        case .tunnel: return ["for", "up", "down"]
        case .partition, .zoneBusy: return ["for"]
        case .rateLimit, .outage: return ["for", "retryAfter"]
        case .offline, .online, .kill, .launch, .foreground, .background, .sync, .loseToken, .reset, .purgeTombstones:
            return []
        }
    }

    /// The keys each step takes: `at`, `do`, its device keys and its own.
    static let keys = Dictionary(uniqueKeysWithValues: allCases.map { ($0, ["at", "do"] + $0.deviceKeys + $0.optionKeys) })

    /// Every key some step takes, for checking the keys of a step whose `do` is unknown.
    static let allKeys: [String] = ["at", "do", "device", "devices"]
        + allCases.flatMap(\.optionKeys).reduce(into: [String]()) { keys, key in if !keys.contains(key) { keys.append(key) } }
}
