import Testing
@testable import SyncSimulator

/// The ledger the checks count increments by: counts survive folding, and a version's copy never sees later changes.
@Suite struct IncrementLedgerTests {
    @Test func countsStayExactAcrossManyIncrementsAndRemovals() {
        var ledger = IncrementLedger()
        for action in 0..<1_000 { ledger.add(action, to: "plays") }
        for action in stride(from: 0, to: 1_000, by: 3) { ledger.add(action, to: "plays", times: -1) }
        ledger.add(7, to: "plays", times: 2)
        #expect(ledger.count(of: 0, in: "plays") == 0)
        #expect(ledger.count(of: 1, in: "plays") == 1)
        #expect(ledger.count(of: 7, in: "plays") == 3)
        #expect(ledger.count(of: 999, in: "plays") == 0)
        #expect(ledger.count(of: 1_000, in: "plays") == 0)
        #expect(ledger.flattened.count(of: 7, in: "plays") == 3)
        #expect((0..<1_000).map { ledger.flattened.count(of: $0, in: "plays") }.reduce(0, +) == 668)
    }

    /// A created record's ledger, made at once, counts the create in each number field and nowhere else, as writing
    /// its fields one by one would.
    @Test func aCreatedRecordsLedgerCountsItsNumberFields() {
        let fields = Fields(["plays": .number(0), "rating": .number(4), "title": .string("t"), "tags": .strings(["a"])])
        let ledger = IncrementLedger(writing: fields, by: 7)
        var written = IncrementLedger()
        written.write(fields, by: 7)
        for name in ["plays", "rating", "title", "tags", "absent"] {
            #expect(ledger.count(of: 7, in: name) == written.count(of: 7, in: name))
        }
        // A later write of some fields replaces what they counted, and leaves the others'.
        written.write(["plays": .number(1), "rating": .string("none")], by: 9)
        #expect(written.count(of: 9, in: "plays") == 1 && written.count(of: 7, in: "plays") == 0)
        #expect(written.count(of: 9, in: "rating") == 0 && written.count(of: 7, in: "rating") == 0)
        #expect(ledger.count(of: 7, in: "plays") == 1, "the create's ledger shares its tallies, which never change")
        #expect(ledger.count(of: 7, in: "plays") == 1 && ledger.count(of: 7, in: "rating") == 1)
        #expect(ledger.count(of: 7, in: "title") == 0 && ledger.count(of: 8, in: "plays") == 0)
    }

    /// A written number counts its write once, held without a table; increments on top of it, past a fold, and a
    /// combination that leaves one action counted twice keep every count exact.
    @Test func aWriteCountedOnceStaysExactUnderIncrementsFoldsAndCombining() {
        var ledger = IncrementLedger()
        ledger.write(["plays": .number(3)], by: 4)
        #expect(ledger.count(of: 4, in: "plays") == 1 && ledger.count(of: 5, in: "plays") == 0)
        for action in 10..<40 { ledger.add(action, to: "plays") }
        #expect(ledger.count(of: 4, in: "plays") == 1 && ledger.count(of: 39, in: "plays") == 1)
        #expect(ledger.flattened.count(of: 4, in: "plays") == 1 && ledger.flattened.count(of: 9, in: "plays") == 0)
        var one = IncrementLedger(), other = IncrementLedger()
        one.write(["plays": .number(1)], by: 7)
        other.write(["plays": .number(1)], by: 7)
        var merged = combining("plays", one, other, over: nil)
        #expect(merged.count(of: 7, in: "plays") == 2 && merged.count(of: 8, in: "plays") == 0)
        merged.add(7, to: "plays", times: -2)
        #expect(merged.count(of: 7, in: "plays") == 0)
    }

    @Test func anEarlierCopyKeepsItsOwnCounts() {
        var older = IncrementLedger()
        for action in 0..<100 { older.add(action, to: "plays") }
        var newer = older
        for action in 100..<300 { newer.add(action, to: "plays") }
        newer.add(5, to: "plays", times: -1)
        #expect(older.count(of: 5, in: "plays") == 1)
        #expect(older.count(of: 150, in: "plays") == 0)
        #expect(newer.count(of: 5, in: "plays") == 0)
        #expect(newer.count(of: 150, in: "plays") == 1)
    }

    @Test func combiningCountsBothSidesAndTheCommonChangesOnce() {
        var ancestor = IncrementLedger()
        for action in 0..<20 { ancestor.add(action, to: "plays") }
        var mine = ancestor, theirs = ancestor
        for action in 20..<40 { mine.add(action, to: "plays") }
        for action in 40..<50 { theirs.add(action, to: "plays") }
        theirs.write(["title": .string("x")], by: 99)
        var merged = combining("plays", mine, theirs, over: ancestor)
        #expect((0..<50).allSatisfy { merged.count(of: $0, in: "plays") == 1 })
        merged.keep(onlyFieldsOf: ["title": .string("x")])
        #expect(merged.count(of: 3, in: "plays") == 0)
    }

    /// Releasing a long-incremented counter's ledger walks its links without recursing once per increment.
    @Test func aCounterIncrementedManyTimesIsReleasedWithoutDeepRecursion() {
        var ledger: IncrementLedger? = IncrementLedger()
        for action in 0..<200_000 { ledger!.add(action, to: "plays") }
        #expect(ledger!.count(of: 7, in: "plays") == 1)
        ledger = nil
    }

    /// The ledger of a merge that gave `field` the provenance of a value combining `one` and `other` over `ancestor`,
    /// made as `Device.merge` makes it.
    private func combining(_ field: String, _ one: IncrementLedger, _ other: IncrementLedger,
                           over ancestor: IncrementLedger?) -> IncrementLedger {
        var (mine, theirs, common) = (one.walk, other.walk, ancestor?.walk)
        let tally = IncrementLedger.combined(mine.value(named: field), theirs.value(named: field),
                                             over: common?.value(named: field))
        return IncrementLedger(nameOrdered: tally.map { [.init(name: field, value: $0)] } ?? [])
    }
}
