import Testing
@testable import SyncSimulator

/// A short list of integers: one held alone, several in order, as a record's serials come and go and as the actions
/// of changes folded together join.
@Suite struct IntListTests {
    @Test func serialsKeepTheOrderMadeAsTheyComeAndGo() {
        var serials: IntList = []
        #expect(serials.isEmpty)
        serials.append(4)
        #expect(Array(serials) == [4])
        // A serial it does not hold leaves it as it is, one held alone too.
        serials.remove(5)
        #expect(Array(serials) == [4])
        serials.append(7)
        serials.append(9)
        #expect(Array(serials) == [4, 7, 9] && serials.last == 9)
        serials.remove(7)
        #expect(Array(serials) == [4, 9])
        serials.remove(4)
        serials.remove(9)
        #expect(serials.isEmpty)
        serials.append(12)
        #expect(Array(serials) == [12])
        serials.remove(12)
        #expect(serials.isEmpty && serials.count == 0)
    }

    @Test func actionsKeepTheirOrderAsChangesFoldTogether() {
        var carried = IntList(5)
        carried.append(contentsOf: [])
        #expect(Array(carried) == [5])
        carried.append(contentsOf: [8, 6])
        #expect(Array(carried) == [5, 8, 6])
        #expect(Array(IntList() + IntList(2)) == [2])
        #expect(Array(IntList([1, 2]) + [3]) == [1, 2, 3])
    }

    /// However they are held, the same integers in the same order are equal and hash alike.
    @Test func equalListsAreEqualHoweverHeld() {
        var joined = IntList()
        joined.append(contentsOf: IntList(4))
        var grown = IntList([4, 5])
        grown.remove(5)
        #expect(joined == IntList([4]) && joined == [4] && grown == [4])
        #expect(Set([IntList(4), IntList([4]), joined, grown]).count == 1)
        #expect(IntList([1, 2]) != [2, 1] && IntList([1]) != [1, 1])
    }
}
