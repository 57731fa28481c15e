import Testing
@testable import SyncSimulator

/// The text buffer writes numbers as Swift spells them.
@Suite struct TextBufferTests {
    @Test(arguments: [Int64.min, -1_234_567_890, -10, -1, 0, 7, 10, 99, 100, 9_007_199_254_740_992, Int64.max])
    func integersAreSpelledAsStringSpellsThem(value: Int64) {
        var buffer = TextBuffer(capacity: 16)
        buffer.append(value)
        let text = buffer.text
        #expect(text == String(value))
    }
}
