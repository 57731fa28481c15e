import Testing
@testable import SyncSimulator

/// A record's serials in an outbox: one held alone, several in order, any removed.
@Suite struct RecordSerialsTests {
    @Test func serialsKeepTheOrderMadeAsTheyComeAndGo() {
        var serials = RecordSerials.none
        #expect(serials.isEmpty)
        serials.append(4)
        #expect(Array(serials) == [4])
        // A serial it does not hold leaves it as it is.
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

    @Test func aSingleSerialIsRemovedOnlyByItsOwnNumber() {
        var serials = RecordSerials(3)
        serials.remove(2)
        #expect(Array(serials) == [3])
        serials.remove(3)
        #expect(Array(serials) == [])
    }
}
