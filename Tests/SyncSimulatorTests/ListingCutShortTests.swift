import Testing
import SyncSimulator

/// A device reinstalled at the end of a run whose full listing a rate limit cuts short: the run waits for the listing.
@Suite struct ListingCutShortTests {
    private let path = "regressions/reset-device-is-not-quiet-mid-listing.json"

    @Test func theRunGoesQuietOnlyOnceTheListingEnds() {
        let report = Simulation(scenario: SimulationTestSupport.bundled(path)).run()
        #expect(report.passed, "\(report.summary)")
        let d1 = report.devices.first { $0.id == "d1" }
        #expect(d1?.matchesServer == true)
        #expect(d1?.records.map(\.id) == ["n1", "r1", "r2", "r3", "r4", "r5", "r6"])
        #expect(report.counters.errors["requestRateLimited"] == 5)
        #expect((report.quietAt ?? .zero) > SimDuration.seconds(65))
    }
}
