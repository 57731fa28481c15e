import Testing
@testable import SyncSimulator

/// Table tests for `SimDuration(parsing:)` and `ClockConfig.driftPPM(parsing:)`.
@Suite("Duration and drift parsing")
struct DurationParsingTests {
    @Test(arguments: [
        ("250ms", Int64(250_000)), ("90s", 90_000_000), ("1.5h", 5_400_000_000), ("31d", 2_678_400_000_000),
        ("31d2h", 2_685_600_000_000), ("1m30s", 90_000_000), ("0s", 0), ("0.0005ms", 1), ("0.0004ms", 0),
        ("1.0000005s", 1_000_001), ("2us", 2), ("000000000000000001s", 1_000_000), ("0.000000000000000001d", 0),
        ("0.000000000000000009d", 0), ("0.000005787037037037d", 500_000),
    ])
    func parsesValid(text: String, micros: Int64) {
        #expect(SimDuration(parsing: text) == SimDuration(micros: micros))
    }

    @Test(arguments: ["", "5", "5x", "1.5.5s", "s", "-10m", "forever", "1.s", ".5s", "5 s", " 5s", "5S", "+5s",
                      "99999999999999999999d", "36501d", "1h-", "-", "0000000000000000001s", "0.0000000000000000001d",
                      "5sm", "5mx", "5uss", "5ds", "5u", "5msm"])
    func rejectsInvalid(text: String) {
        #expect(SimDuration(parsing: text) == nil)
    }

    @Test func negativeOnlyWhenAllowed() {
        #expect(SimDuration(parsing: "-10m", allowNegative: true) == .minutes(-10))
        #expect(SimDuration(parsing: "-10m") == nil)
        #expect(SimDuration(parsing: "--10m", allowNegative: true) == nil)
    }

    @Test func foreverOnlyWhenAllowed() {
        #expect(SimDuration(parsing: "forever", allowForever: true) == .forever)
        #expect(SimDuration(parsing: "forever") == nil)
    }

    @Test func descriptionReadsBack() {
        for micros: Int64 in [1, 999, 1_000, 61_000_001, 2_685_600_000_000, -600_000_000] {
            let duration = SimDuration(micros: micros)
            #expect(SimDuration(parsing: duration.description, allowNegative: true) == duration)
        }
    }

    @Test(arguments: [("0ppm", 0.0), ("-20ppm", -20.0), ("1.5ppm", 1.5)])
    func parsesDrift(text: String, ppm: Double) {
        #expect(ClockConfig.driftPPM(parsing: text) == ppm)
    }

    @Test(arguments: ["", "ppm", "20", "20 ppm", "1.ppm", "--1ppm", "1e3ppm", "+1ppm", "nanppm"])
    func rejectsInvalidDrift(text: String) {
        #expect(ClockConfig.driftPPM(parsing: text) == nil)
    }
}
