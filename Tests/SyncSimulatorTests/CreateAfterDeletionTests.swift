import Testing
import SyncSimulator

/// A record created after the device took its deletion, fetched or its own delete answered, meets a version another
/// device brought back over that deletion with the tombstone as common ancestor: under `field-merge` the record ends
/// the same whichever of the two reaches the server first, and the title the creating device cleared stays cleared.
@Suite struct CreateAfterDeletionTests {
    private let path = "regressions/create-after-deletion-arrived-has-tombstone-as-ancestor.json"

    /// The bundled run, with d3 deleting n1 itself when `ownDelete`, and d3 back online before d2 when `createFirst`.
    private func run(ownDelete: Bool, createFirst: Bool) -> Report {
        var scenario = SimulationTestSupport.bundled(path)
        if ownDelete { scenario.timeline[0].devices = ["d3"] }
        if createFirst { (scenario.timeline[5].at, scenario.timeline[6].at) = (scenario.timeline[6].at, scenario.timeline[5].at) }
        return Simulation(scenario: scenario).run()
    }

    @Test(arguments: [false, true], [false, true])
    func theRecordEndsAsFieldMergeDecidesByRuleInEitherOrder(ownDelete: Bool, createFirst: Bool) {
        let report = run(ownDelete: ownDelete, createFirst: createFirst)
        #expect(report.serverFields("n1") == ["tags": .strings(["a"])])
        #expect(report.actual("unexplainedLostUpdates") == "0")
        #expect(report.actual("lostUpdates") == "0")
    }
}
