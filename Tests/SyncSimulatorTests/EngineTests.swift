import Testing
import SyncSimulator

/// The engine's event queue and seeded streams: the order and draws determinism rests on.
@Suite struct EngineTests {
    @Test func eventsComeOutByTimeThenInsertionOrder() {
        var queue = EventQueue<String>()
        queue.push("c", at: .seconds(2))
        queue.push("a", at: .seconds(1))
        queue.push("d", at: .seconds(2))
        queue.push("b", at: .seconds(1))
        queue.push("e", at: .zero)
        var order: [String] = []
        while let (_, event) = queue.pop() { order.append(event) }
        #expect(order == ["e", "a", "b", "c", "d"])
    }

    /// A popped event's slot is reused by the next push: a later event in a lower slot still comes out after an
    /// earlier one at the same time.
    @Test func aReusedSlotKeepsInsertionOrder() {
        var queue = EventQueue<String>()
        queue.push("first", at: .seconds(1))
        queue.push("b", at: .seconds(5))
        queue.push("c", at: .seconds(5))
        #expect(queue.pop()?.event == "first")
        queue.push("d", at: .seconds(5))
        queue.push("e", at: .seconds(2))
        var order: [String] = []
        while let (_, event) = queue.pop() { order.append(event) }
        #expect(order == ["e", "b", "c", "d"])
    }

    @Test func timesAtEitherEndOfTheRangeKeepTheirOrder() {
        var queue = EventQueue<Int>()
        let times: [Int64] = [.max, 0, -1, .min, 1 << 62, .max - 1, -(1 << 62), .min + 1, 0, .max]
        for (index, micros) in times.enumerated() { queue.push(index, at: SimDuration(micros: micros)) }
        var popped: [(Int64, Int)] = []
        while let (time, index) = queue.pop() { popped.append((time.micros, index)) }
        let expected = times.enumerated().map { ($0.element, $0.offset) }.sorted { $0 < $1 }
        #expect(popped.map(\.0) == expected.map(\.0))
        #expect(popped.map(\.1) == expected.map(\.1))
    }

    @Test func aLargeQueueStaysOrdered() {
        var queue = EventQueue<Int>()
        var random = RandomStream(seed: 7, label: "test")
        for index in 0..<5_000 { queue.push(index, at: SimDuration(micros: Int64(random.next() % 1_000))) }
        var last: (SimDuration, Int) = (.zero, -1)
        while let (time, index) = queue.pop() {
            #expect(time > last.0 || (time == last.0 && index > last.1))
            last = (time, index)
        }
    }

    /// Pushes and pops interleaved, the queue growing while slots freed by pops are reused, come out as a list kept in
    /// (time, insertion) order says they should.
    @Test func interleavedPushesAndPopsMatchAnOrderedList() {
        var queue = EventQueue<Int>()
        var expected: [(time: Int64, index: Int)] = []
        var random = RandomStream(seed: 11, label: "test")
        var (pushed, popped) = (0, 0)
        for round in 0..<6_000 {
            if random.next() % 3 != 0 || expected.isEmpty {
                let time = Int64(round / 4) + Int64(random.next() % 50)
                queue.push(pushed, at: SimDuration(micros: time))
                let place = expected.firstIndex { ($0.time, $0.index) > (time, pushed) } ?? expected.count
                expected.insert((time, pushed), at: place)
                pushed += 1
            } else {
                let next = expected.removeFirst()
                let (time, index) = queue.pop()!
                #expect(time.micros == next.time && index == next.index)
                popped += 1
            }
            #expect(queue.count == expected.count && queue.isEmpty == expected.isEmpty)
            #expect(queue.nextTime?.micros == expected.first?.time)
        }
        while let (time, index) = queue.pop() {
            let next = expected.removeFirst()
            #expect(time.micros == next.time && index == next.index)
        }
        #expect(expected.isEmpty && pushed > 3_000 && popped > 1_000)
    }

    /// The queue owns the events in its slab: one popped is the caller's, and those still waiting, moved across as
    /// the slab grew, go when the queue goes, each once.
    @Test func eventsStillWaitingAreDestroyedWithTheQueue() {
        let ends = Ends()
        do {
            var queue = EventQueue<Tracked>()
            for index in 0..<40 { queue.push(Tracked(ends), at: .seconds(Int64(index))) }
            for _ in 0..<10 { _ = queue.pop() }
            #expect(ends.count == 10)
            queue.push(Tracked(ends), at: .seconds(100))
            #expect(queue.count == 31)
        }
        #expect(ends.count == 41)
    }

    @Test func theSameSeedAndLabelDrawTheSameNumbers() {
        var first = RandomStream(seed: 42, label: "network/iPhone")
        var second = RandomStream(seed: 42, label: "network/iPhone")
        #expect((0..<100).map { _ in first.next() } == (0..<100).map { _ in second.next() })
    }

    @Test func streamsDifferBySeedAndByLabel() {
        var base = RandomStream(seed: 42, label: "network/iPhone")
        var otherSeed = RandomStream(seed: 43, label: "network/iPhone")
        var otherLabel = RandomStream(seed: 42, label: "network/iPad")
        let draws = (0..<8).map { _ in base.next() }
        #expect(draws != (0..<8).map { _ in otherSeed.next() })
        #expect(draws != (0..<8).map { _ in otherLabel.next() })
    }

    @Test func durationsAreDrawnWithinTheirBounds() {
        var random = RandomStream(seed: 1, label: "test")
        let draws = (0..<1_000).map { _ in random.duration(from: .millis(20), to: .millis(400)) }
        #expect(draws.allSatisfy { $0 >= .millis(20) && $0 <= .millis(400) })
        #expect(Set(draws).count > 500)
        #expect(random.duration(from: .millis(80), to: .millis(80)) == .millis(80))
    }
}

/// Same scenario + seed ⇒ byte-identical reports; limits end a run as "budget exhausted".
@Suite struct DeterminismTests {
    private static let lossy = """
    {"network": {"latency": {"min": "20ms", "max": "900ms"}, "requestLoss": 0.3, "responseLoss": 0.3, "duplicate": 0.2},
     "devices": [{"id": "A"}, {"id": "B"}, {"id": "C", "clock": {"skew": "-3m", "drift": "200ppm"}}],
     "records": [{"id": "r1", "type": "T", "fields": {"n": 0, "s": "x"}}],
     "timeline": [
       {"at": "10s", "device": "A", "do": "increment", "record": "r1", "field": "n"},
       {"at": "11s", "device": "B", "do": "edit", "record": "r1", "set": {"s": "y"}},
       {"at": "12s", "device": "C", "do": "edit", "record": "r1", "set": {"s": "z"}},
       {"at": "13s", "device": "B", "do": "increment", "record": "r1", "field": "n", "by": 5},
       {"at": "5m", "device": "A", "do": "sync"}
     ],
     "expect": {"lostUpdates": {"atLeast": 0}, "duplicates": {"atLeast": 0}}}
    """

    private func rendered(_ report: Report) -> String {
        MarkdownReportWriter().render(report) + JSONReportWriter().render(report)
    }

    @Test func twoRunsOfALossyScenarioGiveByteIdenticalReports() {
        let first = rendered(SimulationTestSupport.run(Self.lossy))
        let second = rendered(SimulationTestSupport.run(Self.lossy))
        #expect(first == second)
    }

    @Test(arguments: SimulationTestSupport.bundledPaths)
    func everyBundledScenarioRendersTheSameTwice(path: String) {
        let scenario = SimulationTestSupport.bundled(path)
        #expect(rendered(Simulation(scenario: scenario).run()) == rendered(Simulation(scenario: scenario).run()))
    }

    @Test func anotherSeedDrawsAnotherRun() {
        var scenario = try! ScenarioLoader.parse(Array(Self.lossy.utf8), file: "lossy.json").get()
        let first = Simulation(scenario: scenario).run()
        scenario.seed = 99
        let second = Simulation(scenario: scenario).run()
        #expect(first.counters != second.counters)
    }

    @Test func addingADeviceDoesNotShiftAnotherDevicesNetworkDraws() {
        let base = """
        {"network": {"requestLoss": 0.5}, "devices": [{"id": "A"}%@],
         "records": [{"id": "r1", "type": "T", "fields": {"n": 0}}],
         "timeline": [{"at": "1s", "device": "A", "do": "increment", "record": "r1", "field": "n"},
                      {"at": "10m", "device": "A", "do": "sync"}]}
        """
        let alone = SimulationTestSupport.run(base.replacingOccurrences(of: "%@", with: ""))
        let withB = SimulationTestSupport.run(base.replacingOccurrences(
            of: "%@", with: ", {\"id\": \"B\", \"sync\": {\"interval\": \"forever\", \"push\": false}}"))
        #expect(alone.counters.requestsLost == withB.counters.requestsLost)
    }

    @Test func anEventLimitEndsTheRunAsBudgetExhausted() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "A"}], "limits": {"events": 100},
         "timeline": [{"at": "1d", "device": "A", "do": "sync"}]}
        """)
        #expect(report.result == .budgetExhausted)
        #expect(report.counters.events == 101)
        #expect(report.actual("converged") == "budget exhausted at 6h15m165ms: limits.events (100) reached before the run went quiet")
        #expect(report.endedAt == .hours(6) + .minutes(15) + .millis(165))
    }

    @Test func aTimeLimitEndsTheRunAsBudgetExhausted() {
        let report = SimulationTestSupport.run("""
        {"devices": [{"id": "A", "client": {"onTokenExpired": "ignore"}}], "limits": {"time": "1h"},
         "server": {"changeTokenLifetime": "1m"}, "expect": {"within": "2h"},
         "timeline": [{"at": "1m", "device": "A", "do": "offline"}, {"at": "30m", "device": "A", "do": "online"}]}
        """)
        #expect(report.result == .budgetExhausted)
        #expect(report.endedAt <= .hours(1))
        #expect(report.endedAt > .minutes(55))
        #expect(report.actual("converged") == "budget exhausted at 1h: limits.time (1h) reached before the run went quiet")
    }
}

/// How many `Tracked` objects have ended.
private final class Ends {
    var count = 0
}

/// An event that counts its end.
private final class Tracked {
    let ends: Ends
    init(_ ends: Ends) { self.ends = ends }
    deinit { ends.count += 1 }
}
