import Testing
@testable import SyncSimulator

/// Tests of the strict JSON parser: values, syntax error positions and messages, nesting bound.
@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) -> Result<JSONValue, JSONSyntaxError> {
        JSONParser.parse(Array(text.utf8))
    }

    @Test func keepsKeyOrderAndNumberText() throws {
        let value = try parse(#"{"b": 1.50, "a": [true, null, "x\u00e9\ud83d\ude00\n"], "c": 18446744073709551615}"#).get()
        #expect(value == .object([
            ("b", .number("1.50")),
            ("a", .array([.bool(true), .null, .string("xé😀\n")])),
            ("c", .number("18446744073709551615")),
        ]))
    }

    /// Each container is built from its own members and elements only, whatever is open around it: objects and arrays
    /// nested in each other's middles keep theirs, and a key an inner object repeats from the outer one is no repeat.
    @Test func nestedContainersKeepTheirOwnMembers() throws {
        let keys = (1...13).map { "\"k\($0)\": [\($0), {\"k\($0)\": []}]" }.joined(separator: ", ")
        let text = #"[1, {"a": [2, {"a": 3, "b": [[], {}]}, 4], "k": {"a": {"a": [5]}}, "z": 6}, [7, [8, [9]]], {"# + keys + "}]"
        let value = try parse(text).get()
        let many = JSONValue.object((1...13).map { ("k\($0)", .array([.number("\($0)"), .object([("k\($0)", .array([]))])])) })
        // A nested object past a dozen keys checks its own keys only: the outer key it repeats is no repeat.
        let inner = (1...13).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        #expect(parse(#"{"k1": 0, "x": 1, "y": {"# + inner + #", "x": 2}}"#).failureDescription == nil)
        #expect(parse(#"{"x": 1, "y": {"# + inner + #", "k13": 2}}"#).failureDescription
            == "line 1, column 137: expected unique keys, found \"k13\" twice in one object")
        // A nested object's first member is expected as the first, not after the outer object's members.
        #expect(parse(#"{"a": 1, "b": {,}}"#).failureDescription == "line 1, column 16: expected '\"' or '}', found ','")
        #expect(value == .array([
            .number("1"),
            .object([
                ("a", .array([.number("2"), .object([("a", .number("3")), ("b", .array([.array([]), .object([])]))]), .number("4")])),
                ("k", .object([("a", .object([("a", .array([.number("5")]))]))])),
                ("z", .number("6")),
            ]),
            .array([.number("7"), .array([.number("8"), .array([.number("9")])])]),
            many,
        ]))
    }

    @Test(arguments: [
        ("{\"a\": 1,\n  \"b\" 2}", "line 2, column 7: expected ':', found '2'"),
        ("{\"a\": 1 \"b\": 2}", "line 1, column 9: expected ',' or '}', found '\"'"),
        ("[1, 2", "line 1, column 6: expected ',' or ']', found end of file"),
        ("{\"a\": 1, \"a\": 2}", "line 1, column 10: expected unique keys, found \"a\" twice in one object"),
        // Past a dozen members, keys are checked in a set: a repeat of the first key or of a later one is still found,
        // as is one at the 13th member, where the set is made.
        ("{" + (1...12).map { "\"k\($0)\": 0, " }.joined() + "\"k1\": 0}",
         "line 1, column 113: expected unique keys, found \"k1\" twice in one object"),
        ("[\"abc", "line 1, column 6: expected '\"' to end the string, found end of file"),
        ("{" + (1...13).map { "\"k\($0)\": 0, " }.joined() + "\"k1\": 0}",
         "line 1, column 123: expected unique keys, found \"k1\" twice in one object"),
        ("{" + (1...20).map { "\"k\($0)\": 0, " }.joined() + "\"k15\": 0}",
         "line 1, column 193: expected unique keys, found \"k15\" twice in one object"),
        ("{\"a\": \"x\\\"y\", \"b\": \"\\u00e9\", \"b\": 1}", "line 1, column 30: expected unique keys, found \"b\" twice in one object"),
        ("[01]", "line 1, column 3: expected ',' or ']', found '1'"),
        ("[1.]", "line 1, column 4: expected a digit, found ']'"),
        ("[tru]", "line 1, column 5: expected 'true', found ']'"),
        ("{\"a\": 1,}", "line 1, column 9: expected '\"' to begin a key, found '}'"),
        ("\"a\tb\"", "line 1, column 3: expected '\"' to end the string or an escaped control character, found a tab"),
        ("\"\\ud800\"", "line 1, column 2: expected a low surrogate escape after a high surrogate, found none"),
        ("\"\\x\"", "line 1, column 3: expected one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u', found 'x'"),
        ("1 2", "line 1, column 3: expected end of file, found '2'"),
        ("", "line 1, column 1: expected a value, found end of file"),
        ("[\"é\", x]", "line 1, column 7: expected a value, found 'x'"),
    ])
    func reportsSyntaxErrors(text: String, message: String) {
        #expect(parse(text).failureDescription == message)
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(parse(deep).failureDescription == "line 1, column 65: expected at most 64 levels of nesting, found more")
        let allowed = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(parse(allowed).failureDescription == nil)
    }
}

extension Result where Failure == JSONSyntaxError {
    /// The error's text, or nil on success.
    var failureDescription: String? {
        if case let .failure(error) = self { return error.description }
        return nil
    }
}
