import Testing
@testable import SyncSimulator

/// What a device notes of a record for the History: the highest change tag received, and liveness changes only.
@Suite struct NotedTests {
    @Test func keepsTheHighestTagReceived() {
        var noted = Noted()
        noted.receive(4)
        noted.receive(2)
        #expect(noted.receivedTag == 4)
        noted.receive(7)
        #expect(noted.receivedTag == 7)
    }

    /// What each note of the store answers, in turn, from nothing noted.
    private func changes(_ stored: [Bool?]) -> [Bool] {
        var noted = Noted()
        return stored.map { noted.noteStored($0) }
    }

    @Test func aRecordIsLiveOrGoneOnlyWhenThatChanges() {
        #expect(changes([nil, true, true, false, nil, true, nil, nil]) == [false, true, false, true, false, true, true, false])
        #expect(changes([false, false, true]) == [true, false, true])
    }

    @Test func receivingNotesTheTagAndTheStoreAtOnce() {
        var noted = Noted()
        let first = noted.receive(3, stored: true)
        let second = noted.receive(5, stored: true)
        #expect(first && !second)
        #expect(noted.receivedTag == 5)
        #expect(noted.live == true)
    }
}
