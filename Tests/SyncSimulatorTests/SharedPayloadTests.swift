import Testing
@testable import SyncSimulator

/// Record versions and local records share their payloads between copies: a change to one copy never shows in another.
@Suite struct SharedPayloadTests {
    private func version(tag: Int = 3, title: String = "Blue") -> RecordVersion {
        RecordVersion(id: "song1", type: "Song", fields: ["title": .string(title), "plays": .number(2)], deleted: false,
                      changeTag: tag, timestamp: 40, fieldTimes: ["title": 40, "plays": 10], ledger: IncrementLedger())
    }

    @Test func changingACopyOfAVersionLeavesTheOriginal() {
        let original = version()
        var copy = original
        copy.fields["title"] = .string("Red")
        copy.fieldTimes["title"] = 90
        copy.ledger.add(7, to: "plays")
        copy.changeTag = 4
        copy.incrementedFrom = 3
        #expect(original.fields["title"] == .string("Blue"))
        #expect(original.fieldTimes["title"] == 40)
        #expect(original.ledger.count(of: 7, in: "plays") == 0)
        #expect(original.changeTag == 3)
        #expect(original.incrementedFrom == nil)
        #expect(copy.fields["title"] == .string("Red"))
        #expect(copy.ledger.count(of: 7, in: "plays") == 1)
    }

    @Test func aTakenRecordReadsAsTheVersionItCameFrom() {
        let record = LocalRecord(version())
        #expect(record.type == "Song")
        #expect(record.fields == ["title": .string("Blue"), "plays": .number(2)])
        #expect(record.timestamp == 40)
        #expect(record.fieldTimes == ["title": 40, "plays": 10])
        #expect(!record.deleted)
        #expect(record.serverVersion?.changeTag == 3)
    }

    @Test func aTakenRecordOfATombstoneIsLiveUntilDeletedHere() {
        var tombstone = version()
        tombstone.deleted = true
        var record = LocalRecord(tombstone)
        #expect(!record.deleted)
        record.deleted = true
        #expect(record.deleted)
        #expect(record.serverVersion?.deleted == true)
    }

    @Test func changingATakenRecordLeavesItsServerVersionAndOtherCopies() {
        var record = LocalRecord(version())
        let copy = record
        record.fields["title"] = .string("Red")
        record.apply([(field: "plays", by: 1, action: 9)])
        #expect(record.fields["title"] == .string("Red"))
        #expect(record.fields["plays"] == .number(3))
        #expect(record.ledger.count(of: 9, in: "plays") == 1)
        #expect(record.serverVersion?.fields["title"] == .string("Blue"))
        #expect(copy.fields["title"] == .string("Blue"))
        #expect(copy.fields["plays"] == .number(2))
        #expect(copy.ledger.count(of: 9, in: "plays") == 0)
    }

    @Test func changingACopyOfAChangedRecordLeavesTheOriginal() {
        var record = LocalRecord(version())
        record.fields["title"] = .string("Red")
        var copy = record
        copy.fields["title"] = .string("Green")
        copy.deleted = true
        copy.timestamp = 99
        #expect(record.fields["title"] == .string("Red"))
        #expect(!record.deleted)
        #expect(record.timestamp == 40)
        #expect(copy.fields["title"] == .string("Green"))
        #expect(copy.deleted)
    }

    @Test func movingToAnotherServerVersionKeepsTheRecordsContent() {
        var record = LocalRecord(version())
        record.serverVersion = version(tag: 8, title: "Green")
        #expect(record.serverVersion?.changeTag == 8)
        #expect(record.fields["title"] == .string("Blue"))
        #expect(record.timestamp == 40)
        record.serverVersion = nil
        #expect(record.serverVersion == nil)
        #expect(record.fields["title"] == .string("Blue"))
        #expect(record.type == "Song")
    }
}

/// The World's sets of quiet and current devices: membership, size, and emptying in one step.
@Suite struct DeviceSetTests {
    @Test func countsEachDeviceOnceAndEmptiesAtOnce() {
        var set = DeviceSet(devices: 4)
        set.insert(1)
        set.insert(1)
        set.insert(3)
        #expect(set.count == 2)
        set.remove(2)
        set.remove(3)
        #expect(set.count == 1)
        set.removeAll()
        #expect(set.count == 0)
        set.insert(1)
        #expect(set.count == 1)
        set.remove(1)
        set.remove(1)
        #expect(set.count == 0)
    }
}
