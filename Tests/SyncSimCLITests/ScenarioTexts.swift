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
    /// The iPad reorders a favorite offline while the iPhone renames it: whole-record LWW loses the reorder.
    static let reorder = """
    {"devices": [{"id": "iPhone"}, {"id": "iPad"}],
     "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up", "sortIndex": 3}}],
     "timeline": [
       {"at": "1m", "device": "iPad", "do": "offline"},
       {"at": "2m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"sortIndex": 1}},
       {"at": "3m", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"title": "Up (2009)"}},
       {"at": "10m", "device": "iPad", "do": "online"}],
     "expect": {"lostUpdates": 1}}
    """
}
