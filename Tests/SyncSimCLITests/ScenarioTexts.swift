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
    /// The iPhone's hard delete is lost in an outage and its reset brings the record back: a zombie `fuzz` counts as
    /// a failure. The iPad's edit of another record and its sync have nothing to do with it.
    static let hardDeleteZombie = """
    {"devices": [{"id": "iPhone", "client": {"deletes": "hard"}}, {"id": "iPad"}],
     "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up"}},
                 {"id": "fav2", "type": "Favorite", "fields": {"title": "Jaws"}}],
     "timeline": [
       {"at": "30s", "device": "iPad", "do": "edit", "record": "fav2", "set": {"title": "Jaws (1975)"}},
       {"at": "1m", "do": "outage", "for": "1m"},
       {"at": "1m10s", "device": "iPhone", "do": "delete", "record": "fav1"},
       {"at": "1m20s", "device": "iPhone", "do": "reset"},
       {"at": "3m", "device": "iPad", "do": "sync"}]}
    """
}
