import Testing
@testable import SyncSimulator

/// The size of what the engine's queue moves per event: every push and pop moves one whole event into or out of the
/// slab, so a message that held a large payload in place made every event larger.
@Suite struct EventSizeTests {
    /// A fetch page or a listing cursor held in place made it 72 bytes; both are boxed.
    @Test func aQueuedEventTakesAtMost48Bytes() {
        #expect(MemoryLayout<Event>.stride <= 48)
        #expect(MemoryLayout<Request>.size <= 24 && MemoryLayout<Response>.size <= 24)
    }
}
