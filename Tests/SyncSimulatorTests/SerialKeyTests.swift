import Testing
@testable import SyncSimulator

/// A serial as a table's key (the serials tried in a sync, the server's answers by idempotency key): hashed cheaply,
/// yet spread over a table's buckets.
@Suite struct SerialKeyTests {
    /// Consecutive serials, or ones a power of two apart, spread over the buckets of a table that indexes by the hash's
    /// low bits.
    @Test(arguments: [1, 2, 64, 1_024])
    func serialsSpreadOverBuckets(stride: Int) {
        let buckets = Set((0..<1_024).map { SerialKey($0 * stride)._rawHashValue(seed: 12_345) & 1_023 })
        #expect(buckets.count > 550)
        // Each table mixes its own seed in, so that one table's order does not crowd another built from it.
        #expect(SerialKey(stride)._rawHashValue(seed: 1) != SerialKey(stride)._rawHashValue(seed: 2))
        #expect(SerialKey(7) == 7 && SerialKey(7) != 8)
    }
}
