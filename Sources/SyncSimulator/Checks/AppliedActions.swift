/// The user actions that applied, in the order they happened and grouped by record: found once for all the checks.
/// Both hold action numbers and read the actions from the History's list where they are: copies of the actions
/// grouped by record held more memory at the end of a long run than the History itself.
struct AppliedActions {
    /// Every applied action, in order.
    let all: ActionList
    private let actions: [UserAction]
    private let numbersByRecord: [RecordID: [Int32]]

    init(history: History) {
        actions = history.actions
        var all: [Int32] = []
        var byRecord: [RecordID: [Int32]] = [:]
        actions.withUnsafeBufferPointer { actions in
            for number in actions.indices where actions[number].applied {
                all.append(Int32(number))
                byRecord[actions[number].record, default: []].append(Int32(number))
            }
        }
        self.all = ActionList(all, of: actions)
        numbersByRecord = byRecord
    }

    /// The records some applied action acted on, in no particular order.
    var records: Dictionary<RecordID, [Int32]>.Keys { numbersByRecord.keys }

    /// The record's applied actions, in order; none for a record no applied action acted on.
    subscript(record: RecordID) -> ActionList {
        ActionList(numbersByRecord[record] ?? [], of: actions)
    }
}

/// Some of the History's user actions, picked by number, in the order given.
struct ActionList: RandomAccessCollection {
    private let numbers: [Int32]
    private let actions: [UserAction]

    /// The actions of `actions` numbered `numbers` (a run makes far fewer than 2^31).
    init(_ numbers: [Int32], of actions: [UserAction]) {
        self.numbers = numbers
        self.actions = actions
    }

    var startIndex: Int { 0 }
    var endIndex: Int { numbers.count }
    subscript(position: Int) -> UserAction { actions[Int(numbers[position])] }
}
