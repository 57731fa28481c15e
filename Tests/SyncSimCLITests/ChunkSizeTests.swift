import Testing
@testable import SyncSimCLI

/// A campaign's chunks start at one seed, then hold about a quarter of a second of seeds, never more than an eighth
/// of a thread's share, never fewer than one.
@Suite struct ChunkSizeTests {
    @Test func chunksGrowToAQuarterOfASecondWithinTheirShare() {
        var chunk = ChunkSize(seeds: 100_000, jobs: 2)
        #expect(chunk.count == 1)
        chunk.took(.milliseconds(1), for: 1)
        #expect(chunk.count == 250)
        chunk.took(.microseconds(250), for: 250)
        #expect(chunk.count == 6_250, "an eighth of each thread's 50,000 seeds")
        chunk.took(.seconds(10), for: 5)
        #expect(chunk.count == 1)
        chunk.took(.zero, for: 3)
        #expect(chunk.count == 6_250)
    }

    @Test func aSmallCampaignHasChunksOfOne() {
        var chunk = ChunkSize(seeds: 10, jobs: 2)
        #expect(chunk.count == 1)
        chunk.took(.microseconds(1), for: 1)
        #expect(chunk.count == 1)
    }
}
