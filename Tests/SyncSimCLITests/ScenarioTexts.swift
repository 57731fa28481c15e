/// Small scenario files for tests that run the real loader and simulation.
enum ScenarioTexts {
    /// A delete that reaches the other device; its one expectation holds.
    static let passing = """
    {"description": "A delete reaches the other device.",
     "devices": [{"id": "iPhone"}, {"id": "iPad"}],
     "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up"}}],
     "timeline": [{"at": "1m", "device": "iPhone", "do": "delete", "record": "fav1"}],
     "expect": {"records": {"fav1": {"deleted": true}}}}
    """
    /// A run without a zombie that expects one.
    static let failing = """
    {"devices": [{"id": "iPhone"}], "records": [{"id": "fav1", "type": "Favorite", "fields": {}}],
     "expect": {"zombies": 1}}
    """
    /// A file with a misspelt key.
    static let invalid = """
    {"devices": [{"id": "iPhone", "clok": {"skew": "1m"}}]}
    """
}
