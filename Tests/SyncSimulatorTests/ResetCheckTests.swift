import Testing
import SyncSimulator

/// A reset wipes the outbox: a delete it wipes makes a zombie when the record is downloaded again, and the changes
/// it wipes are lost updates that say so and that no concurrent change needs to explain.
@Suite struct ResetCheckTests {
    /// The iPad, offline, deletes "fav1" (with a `deletes` client option) and edits "fav2", is reset, then goes online.
    private func deleteOfflineThenReset(deletes: String) -> Report {
        SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad", "client": {"deletes": "\(deletes)"}}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}},
                     {"id": "fav2", "type": "Favorite", "fields": {"rating": 1}}],
         "timeline": [
           {"at": "1m", "device": "iPad", "do": "offline"},
           {"at": "2m", "device": "iPad", "do": "delete", "record": "fav1"},
           {"at": "2m", "device": "iPad", "do": "edit", "record": "fav2", "set": {"rating": 5}},
           {"at": "5m", "device": "iPad", "do": "reset"},
           {"at": "6m", "device": "iPad", "do": "online"}
         ]}
        """)
    }

    @Test func aDeleteWipedByAResetMakesAZombieWhenTheRecordIsDownloadedAgain() {
        let report = deleteOfflineThenReset(deletes: "tombstone")
        #expect(report.actual("zombies") == "1")
        let zombie = report.anomalies(.zombie)
        #expect(zombie.map(\.sentence) == [
            "\"fav1\" was deleted on iPad at 2m and came back to life on iPad at 6m165ms with no user change after the delete; the delete was lost when iPad was reset at 5m.",
        ])
        #expect(zombie.map(\.cause) == [.reset])
    }

    @Test func aLostHardDeleteMakesAZombieAfterAReset() {
        let report = deleteOfflineThenReset(deletes: "hard")
        #expect(report.actual("zombies") == "1")
        #expect(report.anomalies(.zombie).map(\.sentence) == [
            "\"fav1\" was deleted on iPad at 2m and came back to life on iPad at 6m165ms with no user change after the delete.",
        ])
        #expect(report.anomalies(.zombie).map(\.cause) == [nil])
    }

    @Test func aDeleteThatReachedTheServerBeforeTheResetStaysDeleted() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "iPhone"}, {"id": "iPad"}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "2m", "device": "iPad", "do": "delete", "record": "fav1"},
           {"at": "5m", "device": "iPad", "do": "reset"}
         ],
         "expect": {"records": {"fav1": {"deleted": true}}}}
        """)
        #expect(report.passed)
        #expect(report.actual("zombies") == "0")
    }

    @Test func anEditWipedByAResetIsLostAtTheResetAndNeedsNoExplanation() {
        let report = deleteOfflineThenReset(deletes: "tombstone")
        #expect(report.actual("lostUpdates") == "1")
        #expect(report.actual("unexplainedLostUpdates") == "0")
        let lost = report.anomalies(.lostUpdate)
        #expect(lost.map(\.sentence) == ["the edit of \"fav2\".rating to 5 on iPad at 2m was lost when iPad was reset at 5m."])
        #expect(lost.map(\.cause) == [.reset])
    }

    /// The format leaves everything in the outbox at a reset to the reset, a change in flight included, even when it
    /// still commits: what becomes of it afterwards follows from the wiped device's lost knowledge.
    @Test func aChangeInFlightAtTheResetThatStillCommitsIsTheResets() {
        let report = SimulationTestSupport.run("""
        {"network": {"latency": "1s"},
         "devices": [{"id": "iPhone", "clock": {"skew": "10m"}}, {"id": "iPad", "sync": {"afterEdit": "0s"}}],
         "records": [{"id": "fav1", "type": "Favorite", "fields": {"rating": 4}}],
         "timeline": [
           {"at": "1m", "device": "iPhone", "do": "offline"},
           {"at": "1m30s", "device": "iPhone", "do": "edit", "record": "fav1", "set": {"rating": 3}},
           {"at": "2m", "device": "iPad", "do": "edit", "record": "fav1", "set": {"rating": 5}},
           {"at": "2m500ms", "device": "iPad", "do": "reset"},
           {"at": "5m", "device": "iPhone", "do": "online"}
         ]}
        """)
        let lost = report.anomalies(.lostUpdate)
        #expect(lost.map(\.sentence) == ["the edit of \"fav1\".rating to 5 on iPad at 2m was lost when iPad was reset at 2m500ms."])
        #expect(lost.map(\.cause) == [.reset])
    }
}
