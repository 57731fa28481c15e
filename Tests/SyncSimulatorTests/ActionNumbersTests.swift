import Testing
@testable import SyncSimulator

/// The actions a change carries: one held alone, several in the order given, joined as changes fold together.
@Suite struct ActionNumbersTests {
    @Test func actionsKeepTheirOrderAsChangesFoldTogether() {
        var carried = ActionNumbers(5)
        #expect(Array(carried) == [5] && carried.count == 1)
        carried.append(contentsOf: [])
        #expect(Array(carried) == [5])
        carried.append(contentsOf: [8, 6])
        #expect(Array(carried) == [5, 8, 6])
        #expect(Array(ActionNumbers() + ActionNumbers(2)) == [2])
        #expect(Array(ActionNumbers([1, 2]) + [3]) == [1, 2, 3])
        #expect(ActionNumbers().isEmpty && ActionNumbers([]).isEmpty)
    }

    /// However they are held, the same actions in the same order are equal and hash alike.
    @Test func equalListsAreEqualHoweverHeld() {
        var joined = ActionNumbers()
        joined.append(contentsOf: ActionNumbers(4))
        #expect(joined == ActionNumbers([4]) && joined == [4])
        #expect(Set([ActionNumbers(4), ActionNumbers([4]), joined]).count == 1)
        #expect(ActionNumbers([1, 2]) != [2, 1] && ActionNumbers([1]) != [1, 1])
    }
}
