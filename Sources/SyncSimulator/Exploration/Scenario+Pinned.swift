extension Scenario {
    /// This scenario with `expect` set to fail while the run's broken invariants remain: each at its correct value
    /// (convergence; no unexplained zombie or lost update, no duplicate, nothing stuck) and every other count at
    /// least 0. Zombies that a reset or a concurrent change explains keep their count. Without a report (the run
    /// crashed) every count is left open.
    public func pinned(to report: Report?) -> Scenario {
        var pinned = self
        let broken = Set(report.map(Invariants.failures(in:))?.map(\.kind) ?? [])
        let anyCount = CountExpectation(atLeast: 0, atMost: nil)
        func count(_ kind: FuzzFailure.Kind) -> CountExpectation { broken.contains(kind) ? .exactly(0) : anyCount }
        let explainedZombies = Set((report?.anomalies ?? []).filter { $0.kind == .zombie && $0.cause != nil }.compactMap(\.record))
        pinned.expect.converged = true
        pinned.expect.zombies = broken.contains(.zombie) ? .exactly(explainedZombies.count) : anyCount
        pinned.expect.lostUpdates = anyCount
        pinned.expect.unexplainedLostUpdates = count(.lostUpdate)
        pinned.expect.duplicates = count(.duplicate)
        pinned.expect.stuck = count(.stuck)
        pinned.expect.records = [:]
        pinned.expect.resurrectedByEdit = nil
        pinned.expect.editsDroppedByDelete = nil
        return pinned
    }
}
