import Testing
@testable import SyncSimulator

/// The checks compare lists of strings as sets: order and repeats aside, with strings equal as strings.
@Suite struct FieldValueComparisonTests {
    @Test func listsWithTheSameStringsAreTheSameValue() {
        #expect(FieldValue.strings(["a", "b", "b"]).sameValue(as: .strings(["b", "a"])))
        #expect(FieldValue.strings(["caf\u{E9}"]).sameValue(as: .strings(["cafe\u{301}"])))
        #expect(!FieldValue.strings(["a", "b"]).sameValue(as: .strings(["a"])))
        #expect(!FieldValue.strings(["a"]).sameValue(as: .strings(["a", "c"])))
        #expect(FieldValue.strings([]).sameValue(as: .strings([])))
        #expect(!FieldValue.strings([]).sameValue(as: .strings(["a"])))
        #expect(!FieldValue.strings(["1"]).sameValue(as: .string("1")))
    }

    @Test func aListIsContainedInOneHoldingEachOfItsStrings() {
        #expect(FieldValue.strings(["b", "a", "a"]).isContained(in: .strings(["a", "c", "b"])))
        #expect(!FieldValue.strings(["a", "d"]).isContained(in: .strings(["a", "b", "c"])))
        #expect(FieldValue.strings([]).isContained(in: .strings(["a"])))
        #expect(FieldValue.number(3).isContained(in: .number(3)))
        #expect(!FieldValue.number(3).isContained(in: .number(4)))
    }

    /// Long lists are compared through sets, short ones pair by pair: both give the same answers.
    @Test func longListsCompareAsShortOnesDo() {
        let many = (0..<40).map { "tag\($0)" }
        #expect(FieldValue.strings(many).sameValue(as: .strings(many.reversed() + ["tag0"])))
        #expect(!FieldValue.strings(many).sameValue(as: .strings(Array(many.dropLast()))))
        #expect(FieldValue.strings(Array(many.prefix(30))).isContained(in: .strings(many.reversed())))
        #expect(!FieldValue.strings(many + ["other"]).isContained(in: .strings(many)))
    }
}

