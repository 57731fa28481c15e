extension Scenario {
    /// This scenario with `expect` set to fail while the failures remain: each broken invariant at its correct value
    /// (convergence, no zombies, no duplicates, nothing stuck) and every other count at least 0.
    public func pinned(to failures: [FuzzFailure]) -> Scenario {
        var pinned = self
        let broken = Set(failures.map(\.kind))
        func count(_ kind: FuzzFailure.Kind) -> CountExpectation {
            broken.contains(kind) ? .exactly(0) : CountExpectation(atLeast: 0, atMost: nil)
        }
        pinned.expect.converged = true
        pinned.expect.zombies = count(.zombie)
        pinned.expect.lostUpdates = CountExpectation(atLeast: 0, atMost: nil)
        pinned.expect.duplicates = count(.duplicate)
        pinned.expect.stuck = count(.stuck)
        pinned.expect.records = [:]
        pinned.expect.resurrectedByEdit = nil
        pinned.expect.editsDroppedByDelete = nil
        return pinned
    }
}
