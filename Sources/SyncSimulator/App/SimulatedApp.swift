/// The rest of a library user's app, as the simulation drives it: it applies the scenario's user changes to the app's
/// own store (adding pending changes to its engine) and shows what the user sees. Called on the simulation's one
/// thread, synchronously; the checks read `records` after every callback.
public protocol SimulatedApp: AnyObject {
    /// Applies a user's change to the app's store. Called only for a create, or for a record `records` shows.
    func perform(_ change: UserChange)
    /// The records the user sees now (deleted ones left out), each with the change tag of its last-known server record.
    var records: [SimRecord] { get }
}

/// Launches a user's app on a device: called at the start, after a kill and after a reset.
public typealias AppFactory = @Sendable (AppLaunch) -> any SimulatedApp

/// A user's change from the scenario's timeline, as an app receives it.
public enum UserChange: Hashable, Sendable {
    /// Creates the record, or replaces every field of a live one.
    case create(recordID: String, recordType: String, fields: Fields)
    case edit(recordID: String, set: Fields, unset: [String])
    case delete(recordID: String)
    /// Adds `by` to a number field; CloudKit has no increment, so the app saves the new value.
    case increment(recordID: String, field: String, by: Double)

    /// The record the change is about.
    public var recordID: String {
        switch self {
        case let .create(id, _, _), let .edit(id, _, _), let .delete(id), let .increment(id, _, _): return id
        }
    }

    /// The change a timeline step makes, nil for a step that is not a user's change.
    init?(_ action: StepAction) {
        switch action {
        case let .create(record, type, fields): self = .create(recordID: record, recordType: type, fields: fields)
        case let .edit(record, set, unset): self = .edit(recordID: record, set: set, unset: unset)
        case let .delete(record): self = .delete(recordID: record)
        case let .increment(record, field, by): self = .increment(recordID: record, field: field, by: by)
        default: return nil
        }
    }

    /// The History's kind of this change.
    var kind: UserAction.Kind {
        switch self {
        case let .create(_, _, fields): return .create(fields: fields)
        case let .edit(_, set, unset): return .edit(set: set, unset: unset)
        case .delete: return .delete
        case let .increment(_, field, by): return .increment(field: field, by: by)
        }
    }
}

/// Which devices run a user's app: every device, or those named (which take precedence).
struct AppFactories {
    var all: AppFactory?
    var byDevice: [String: AppFactory] = [:]

    func factory(for device: String) -> AppFactory? { byDevice[device] ?? all }
    var isEmpty: Bool { all == nil && byDevice.isEmpty }
}
