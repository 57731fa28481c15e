import Testing
@testable import SyncSimulator

/// A device differs from the server on a record that one shows live and the other does not, or shows with another
/// type or other fields; the two listings are walked side by side in id order.
@Suite struct EndStateDifferencesTests {
    private func live(_ id: String, _ type: String = "Item", _ fields: Fields = [:]) -> RecordState {
        RecordState(id: id, type: type, fields: fields)
    }

    private func deleted(_ id: String) -> RecordState {
        RecordState(id: id, type: "Item", fields: nil)
    }

    @Test func eachKindOfDifferenceIsFoundInIdOrder() {
        let server = [live("a", "Item", ["n": .number(1)]), deleted("b"), live("c"), live("e"),
                      live("f", "Item", ["tags": .strings(["x", "y"])]), live("g", "Item", ["n": .number(1)]), deleted("h")]
        let device = [live("a", "Item", ["n": .number(1)]), live("b"), deleted("d"), live("e", "Note"),
                      live("f", "Item", ["tags": .strings(["y", "x"])]), live("g", "Item", ["n": .number(2)]), deleted("h"),
                      live("i")]
        // b: live only on the device; c: live only on the server; e: another type; g: other fields; i: only on the
        // device. Not a (alike), d (deleted where the server lacks it), f (the same set), h (deleted on both).
        #expect(EndState.differences(of: device, from: server) == ["b", "c", "e", "g", "i"])
        #expect(EndState.differences(of: server, from: server) == [])
        #expect(EndState.differences(of: [], from: server) == ["a", "c", "e", "f", "g"])
    }
}
