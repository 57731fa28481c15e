/// The user actions that applied, in the order they happened and grouped by record: found once for all the checks.
struct AppliedActions {
    let all: [UserAction]
    /// Each record's applied actions, in the order they happened.
    let byRecord: [RecordID: [UserAction]]

    init(history: History) {
        all = history.actions.filter(\.applied)
        byRecord = Dictionary(grouping: all, by: \.record)
    }
}
