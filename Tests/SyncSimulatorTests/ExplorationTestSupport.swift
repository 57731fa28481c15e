import SyncSimulator

/// Settings and scenarios shared by the generator, shrinker and encoder tests.
enum ExplorationTestSupport {
    /// Two devices and ten user actions: small scenarios that still draw every kind of step.
    static let small: FuzzSettings = {
        var settings = FuzzSettings()
        settings.devices = 2
        settings.actions = 10
        return settings
    }()

    /// `small` with a hard-delete client, which the fuzzer catches within the first seeds.
    static let smallHardDeletes: FuzzSettings = {
        var settings = small
        settings.client.deletes = .hard
        return settings
    }()

    /// A hard delete sent during an outage is lost and the iPhone's reset brings the record back, an unexplained
    /// zombie; a third device, a second record and steps that have nothing to do with it are around it.
    static let noisyZombie: Scenario = {
        let text = """
        {"devices": [{"id": "iPhone", "client": {"deletes": "hard"}}, {"id": "iPad"}, {"id": "Mac"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"title": "Up"}},
                     {"id": "fav2", "type": "Favorite", "fields": {"title": "Jaws", "rating": 3}}],
         "timeline": [
           {"at": "30s", "device": "Mac", "do": "edit", "record": "fav2", "set": {"rating": 4}},
           {"at": "40s", "device": "iPad", "do": "offline"},
           {"at": "50s", "device": "iPad", "do": "edit", "record": "fav2", "set": {"title": "Jaws (1975)"}},
           {"at": "1m", "do": "outage", "for": "1m"},
           {"at": "1m5s", "device": "Mac", "do": "sync"},
           {"at": "1m10s", "device": "iPhone", "do": "delete", "record": "fav1"},
           {"at": "1m20s", "device": "iPhone", "do": "reset"},
           {"at": "3m", "device": "iPad", "do": "online"},
           {"at": "4m", "device": "Mac", "do": "increment", "record": "fav2", "field": "plays"}
         ]}
        """
        switch ScenarioLoader.parse(Array(text.utf8), file: "noisy-zombie.json") {
        case let .success(scenario): return scenario
        case let .failure(error): fatalError("\(error)")
        }
    }()
}
