/// The numbers of the user actions a change carries, in the order given. Most changes carry one action, held here
/// without an array: each change made allocated one, and every copy of it (into a request, the History) retained it.
struct ActionNumbers: RandomAccessCollection, Hashable, ExpressibleByArrayLiteral {
    private enum Storage: Hashable {
        case one(Int)
        case many([Int])
    }

    private var storage: Storage

    /// No actions.
    init() {
        storage = .many([])
    }

    /// One action.
    init(_ action: Int) {
        storage = .one(action)
    }

    /// The actions given, in their order.
    init(_ actions: some Sequence<Int>) {
        let actions = Array(actions)
        storage = actions.count == 1 ? .one(actions[0]) : .many(actions)
    }

    init(arrayLiteral actions: Int...) {
        self.init(actions)
    }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .one: return 1
        case let .many(actions): return actions.count
        }
    }

    subscript(position: Int) -> Int {
        switch storage {
        case let .one(action):
            precondition(position == 0, "index out of range")
            return action
        case let .many(actions):
            return actions[position]
        }
    }

    /// Adds the actions of `other` after these.
    mutating func append(contentsOf other: ActionNumbers) {
        guard !other.isEmpty else { return }
        self = isEmpty ? other : ActionNumbers(Array(self) + Array(other))
    }

    /// These actions, then those of `other`.
    static func + (lhs: ActionNumbers, rhs: ActionNumbers) -> ActionNumbers {
        var joined = lhs
        joined.append(contentsOf: rhs)
        return joined
    }

    /// Two lists are equal when they hold the same actions in the same order, however they are held.
    static func == (lhs: ActionNumbers, rhs: ActionNumbers) -> Bool { lhs.elementsEqual(rhs) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for action in self { hasher.combine(action) }
    }
}
