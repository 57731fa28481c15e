import SyncSimulator

/// Shared inputs and helpers for the scenario loader tests.
enum LoaderTestSupport {
    /// The example scenario of SCENARIO-FORMAT.md, verbatim.
    static let example = """
    {
      "name": "zombie-after-long-offline",
      "description": "The iPhone edits a favorite in airplane mode, the iPad then deletes it, and the iPhone stays offline past the 30-day tombstone retention. Its client re-uploads records the server no longer knows.",
      "strategy": "lww",
      "server": {"tombstoneRetention": "30d"},
      "devices": [{"id": "iPhone", "client": {"onUnknownItem": "reupload"}}, {"id": "iPad"}],
      "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up", "rating": 4}}],
      "timeline": [
        {"at": "1m", "device": "iPhone", "do": "offline"},
        {"at": "2m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 5}},
        {"at": "3m", "device": "iPad", "do": "delete", "record": "fav1"},
        {"at": "31d", "device": "iPhone", "do": "online"}
      ],
      "expect": {"zombies": 1}
    }
    """

    /// Parses `json` as the file `file`.
    static func load(_ json: String, file: String = "Scenarios/a.json") -> Result<Scenario, ScenarioError> {
        ScenarioLoader.parse(Array(json.utf8), file: file)
    }

    /// The scenario `json` describes, or nil when it has issues.
    static func scenario(_ json: String, file: String = "Scenarios/a.json") -> Scenario? {
        try? load(json, file: file).get()
    }

    /// The lines of the error `json` gives, or an empty list when it loads.
    static func messages(_ json: String, file: String = "Scenarios/a.json") -> [String] {
        switch load(json, file: file) {
        case .success: return []
        case let .failure(error): return error.description.split(separator: "\n").map(String.init)
        }
    }

    /// A minimal valid scenario with `extra` top-level members (JSON text without braces) added.
    static func minimal(_ extra: String = "") -> String {
        let devices = #""devices": [{"id": "A"}, {"id": "B"}]"#
        return "{" + (extra.isEmpty ? devices : devices + ", " + extra) + "}"
    }
}
