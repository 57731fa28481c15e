import Testing
@testable import SyncSimulator

/// Invalid scenario files and the exact messages they give (more in `InvalidFixtureTests`, from files the schema is checked on).
@Suite("Scenario loader: error messages")
struct ScenarioErrorTests {
    private let file = "Scenarios/a.json: "

    /// The single message `json` gives, without the file name.
    private func message(_ json: String) -> String? {
        let lines = LoaderTestSupport.messages(json)
        guard lines.count == 1, let line = lines.first, line.hasPrefix(file) else { return lines.joined(separator: "\n") }
        return String(line.dropFirst(file.count))
    }

    /// A key or value quoting a terminal escape or a line break shows it escaped, on the message's one line.
    @Test func controlCharactersInQuotedInputAreEscaped() {
        #expect(message(LoaderTestSupport.minimal(#""limits": {"\u001b[2J\nOK": 1}"#))
            == #"limits["\u{1B}[2J\nOK"]: unknown key "\u{1B}[2J\nOK"; known keys are "time", "events""#)
        #expect(message(LoaderTestSupport.minimal(#""server": {"atomicBatches": "\u009b\t\"\\"}"#))
            == #"server.atomicBatches: expected true or false, found "\u{9B}\t\"\\""#)
    }

    @Test func savesOverDeletedIsOneOfItsNames() {
        #expect(message(LoaderTestSupport.minimal(#""server": {"savesOverDeleted": true}"#))
            == #"server.savesOverDeleted: expected one of "conflict", "unknown-item", found true"#)
        #expect(message(LoaderTestSupport.minimal(#""server": {"saveOverDeleted": "conflict"}"#))
            == #"server.saveOverDeleted: unknown key "saveOverDeleted"; did you mean "savesOverDeleted"?"#)
    }

    @Test func durationOutOfRange() {
        #expect(message(LoaderTestSupport.minimal(#""network": {"latency": "2h"}"#))
            == #"network.latency: expected a duration of at most 1h, found "2h""#)
    }

    @Test func duplicateDeviceID() {
        #expect(message(#"{"devices": [{"id": "A"}, {"id": "B"}, {"id": "A"}]}"#)
            == #"devices[2].id: expected a unique device id, found "A", already used by devices[0]"#)
    }

    @Test func unknownDeviceInAStep() {
        let json = LoaderTestSupport.minimal(#""timeline": [{"at": "1s", "do": "sync", "device": "C"}]"#)
        #expect(message(json) == #"timeline[0].device: expected a device in "devices", found "C""#)
        let typo = #"{"devices": [{"id": "iPad"}], "timeline": [{"at": "1s", "do": "sync", "device": "iPod"}]}"#
        #expect(message(typo) == #"timeline[0].device: expected a device in "devices", found "iPod"; did you mean "iPad"?"#)
    }

    @Test func recordUsedBeforeItIsCreated() {
        let json = LoaderTestSupport.minimal(#"""
        "timeline": [
          {"at": "2s", "do": "create", "device": "A", "record": "fav9", "type": "Favorite"},
          {"at": "1s", "do": "delete", "device": "A", "record": "fav9"},
          {"at": "2s", "do": "delete", "device": "A", "record": "fav9"}
        ]
        """#)
        #expect(message(json) == #"timeline[1].record: expected a record in "records" or created by an earlier step, found "fav9""#)
    }

    /// A step that could not be read is left out of the timeline, and a later step's record is still reported at
    /// that step's own place in the file.
    @Test func aRecordIsReportedAtItsStepsPlaceAfterAStepLeftOut() {
        let json = LoaderTestSupport.minimal(#"""
        "timeline": [
          "junk",
          {"at": "1s", "do": "sync", "device": "A"},
          {"at": "2s", "do": "delete", "device": "A", "record": "nope"}
        ]
        """#)
        #expect(LoaderTestSupport.messages(json) == [
            "Scenarios/a.json: timeline[0]: expected an object, found \"junk\"",
            #"Scenarios/a.json: timeline[2].record: expected a record in "records" or created by an earlier step, found "nope""#,
        ])
    }

    @Test func badJSONGivesLineAndColumn() {
        #expect(message("{\n  \"devices\": [\n    {\"id\": \"A\" \"x\"}]}") == #"line 3, column 16: expected ',' or '}', found '"'"#)
    }

    @Test func invalidFileNameNeedsAName() {
        let lines = LoaderTestSupport.messages(LoaderTestSupport.minimal(), file: "x/my scenario.json")
        #expect(lines == [#"x/my scenario.json: name: expected a name of 1 to 80 letters, digits, '.', '_' or '-', not starting with '.', found nothing, and the file name "my scenario" is not one"#])
    }

    @Test func notUTF8() {
        let lines = ScenarioLoader.parse(Array("{\"a\":\n \"".utf8) + [0xFF, 0x22, 0x7D], file: "b.json")
        #expect(lines.errorLines == ["b.json: expected UTF-8 text, found the byte 0xFF at line 2, column 3"])
    }

    @Test func unreadableFile() {
        #expect(ScenarioLoader.load(path: "/nonexistent/x.json").errorLines
            == ["/nonexistent/x.json: cannot read the file (no such file)"])
    }

    @Test func collectsEveryIssueInDocumentOrder() {
        let json = """
        {"limits": {"time": "0s"}, "seed": 1.5, "devices": [{"id": "A", "online": 1}, {"id": "bad id"}],
         "timeline": [{"at": "1s", "do": "edit", "device": "A", "record": "zz", "set": {}}]}
        """
        #expect(LoaderTestSupport.messages(json) == [
            #"Scenarios/a.json: limits.time: expected a duration from 1s to 3650d, found "0s""#,
            "Scenarios/a.json: seed: expected an integer from 0 to 18446744073709551615, found 1.5",
            "Scenarios/a.json: devices[0].online: expected true or false, found 1",
            #"Scenarios/a.json: devices[1].id: expected a device id of 1 to 40 letters, digits, '.', '_' or '-', found "bad id""#,
            #"Scenarios/a.json: timeline[0].record: expected a record in "records" or created by an earlier step, found "zz""#,
        ])
    }

    @Test func capsTheNumberOfIssues() {
        let steps = (0..<60).map { _ in #"{"at": "1s", "do": "sync", "device": "Q"}"# }.joined(separator: ", ")
        let lines = LoaderTestSupport.messages(LoaderTestSupport.minimal(#""timeline": ["# + steps + "]"))
        #expect(lines.count == ScenarioDecoder.maxIssues + 1)
        #expect(lines.last == "Scenarios/a.json: 10 more issues not shown")
    }
}

extension Result where Failure == ScenarioError {
    /// The error's lines, or an empty list on success.
    var errorLines: [String] {
        if case let .failure(error) = self { return error.description.split(separator: "\n").map(String.init) }
        return []
    }
}

/// Messages for duplicates and cross-references between sections.
@Suite("Scenario loader: references")
struct ScenarioReferenceTests {
    @Test func duplicateRecordID() {
        let json = LoaderTestSupport.minimal(#""records": [{"id": "r", "type": "T"}, {"id": "r", "type": "T"}]"#)
        #expect(LoaderTestSupport.messages(json)
            == [#"Scenarios/a.json: records[1].id: expected a unique record id, found "r", already used by records[0]"#])
    }

    @Test func expectedRecordMustExist() {
        let json = LoaderTestSupport.minimal(#""expect": {"records": {"ghost": {"deleted": true}}}"#)
        #expect(LoaderTestSupport.messages(json)
            == [#"Scenarios/a.json: expect.records.ghost: expected a record in "records" or created by a step, found "ghost""#])
    }

    @Test func retryMaxBelowBase() {
        let json = #"{"devices": [{"id": "A", "client": {"retry": {"base": "10s", "max": "1s"}}}]}"#
        #expect(LoaderTestSupport.messages(json)
            == [#"Scenarios/a.json: devices[0].client.retry.max: expected a duration of at least "base" (10s), found "1s""#])
    }

    @Test func countRangeMustBeOrdered() {
        let json = LoaderTestSupport.minimal(#""expect": {"zombies": {"atLeast": 3, "atMost": 1}}"#)
        #expect(LoaderTestSupport.messages(json)
            == [#"Scenarios/a.json: expect.zombies.atMost: expected a count of at least "atLeast" (3), found 1"#])
    }

    @Test func unexplainedLostUpdatesIsACountWithTheSameErrors() {
        let typo = LoaderTestSupport.minimal(#""expect": {"unexplainedLostUpdate": 0}"#)
        #expect(LoaderTestSupport.messages(typo)
            == [#"Scenarios/a.json: expect.unexplainedLostUpdate: unknown key "unexplainedLostUpdate"; did you mean "unexplainedLostUpdates"?"#])
    }

    /// Steps, records and fields are bounded like every other list, with the usual message at the list's key path.
    @Test func stepsRecordsAndFieldsAreBounded() {
        let empties = { (count: Int) in "[" + Array(repeating: "{}", count: count).joined(separator: ",") + "]" }
        let steps = LoaderTestSupport.minimal("\"timeline\": " + empties(1_000_001))
        #expect(LoaderTestSupport.messages(steps) == ["Scenarios/a.json: timeline: expected at most 1000000 steps, found 1000001"])
        let records = LoaderTestSupport.minimal("\"records\": " + empties(100_001))
        #expect(LoaderTestSupport.messages(records) == ["Scenarios/a.json: records: expected at most 100000 records, found 100001"])
        let fields = (0...1_000).map { "\"f\($0)\": 1" }.joined(separator: ",")
        let record = LoaderTestSupport.minimal("\"records\": [{\"id\": \"r\", \"type\": \"T\", \"fields\": {" + fields + "}}]")
        #expect(LoaderTestSupport.messages(record) == ["Scenarios/a.json: records[0].fields: expected at most 1000 fields, found 1001"])
    }

    /// A step at or after `limits.time`, or a window reaching it, could only end the run as budget exhausted.
    @Test func stepsEndBeforeTheTimeLimit() {
        let json = LoaderTestSupport.minimal(#""limits": {"time": "1d"}, "timeline": [{"at": "2d", "do": "purge-tombstones"}, "#
            + #"{"at": "1d", "do": "purge-tombstones"}, {"at": "23h", "do": "outage", "for": "1h"}, "#
            + #"{"at": "23h", "do": "outage", "for": "59m"}]"#)
        #expect(LoaderTestSupport.messages(json) == [
            #"Scenarios/a.json: timeline[0].at: expected a time before "limits.time" (1d), found "2d""#,
            #"Scenarios/a.json: timeline[1].at: expected a time before "limits.time" (1d), found "1d""#,
            #"Scenarios/a.json: timeline[2].for: expected a window that ends before "limits.time" (1d), found "1h" (from 23h, ending at 1d)"#,
        ])
    }

    @Test func fieldValueMustBeSimple() {
        let json = LoaderTestSupport.minimal(#""records": [{"id": "r", "type": "T", "fields": {"x": {"y": 1}, "z": [1]}}]"#)
        #expect(LoaderTestSupport.messages(json) == [
            #"Scenarios/a.json: records[0].fields.x: expected a string, number, boolean, array of strings or null, found an object"#,
            #"Scenarios/a.json: records[0].fields.z[0]: expected a string, found 1"#,
        ])
    }
}
