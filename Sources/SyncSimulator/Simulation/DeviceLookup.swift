/// How the World finds a device's index by its id, once per timeline step: among a few devices by comparing ids,
/// which for short ASCII ids compares two words each; among many by a table, which hashes the id byte by byte.
/// Where devices share an id, as a scenario made in code may give them (a file may not), both find the last.
enum DeviceLookup {
    case few(ids: [String])
    case many(indexByID: [String: Int])

    /// The lookup of `ids`, each device's at its index.
    init(ids: [String]) {
        self = ids.count > 8
            ? .many(indexByID: Dictionary(ids.enumerated().map { ($1, $0) }) { _, last in last })
            : .few(ids: ids)
    }

    /// The index of the device with id `id`, or nil when no device has it.
    func index(of id: String) -> Int? {
        switch self {
        case let .few(ids): return ids.lastIndex(of: id)
        case let .many(indexByID): return indexByID[id]
        }
    }
}
