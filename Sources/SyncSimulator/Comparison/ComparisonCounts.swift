/// The counts a comparison shows for a run or sums over runs: zombies, lost updates, duplicates, conflicts shown.
public struct ComparisonCounts: Hashable, Sendable {
    /// Distinct records that came back after a delete.
    public var zombies: Int
    /// `lost-update` anomalies.
    public var lostUpdates: Int
    /// `duplicate` anomalies.
    public var duplicates: Int
    /// Conflicts `user-choice` showed to users.
    public var conflictsShown: Int

    /// Counts from their parts, zero unless given.
    public init(zombies: Int = 0, lostUpdates: Int = 0, duplicates: Int = 0, conflictsShown: Int = 0) {
        self.zombies = zombies
        self.lostUpdates = lostUpdates
        self.duplicates = duplicates
        self.conflictsShown = conflictsShown
    }

    /// The counts of one run, read from its report.
    public init(report: Report) {
        let zombieRecords = report.anomalies.filter { $0.kind == .zombie }.map(\.record)
        self.init(zombies: Set(zombieRecords).count,
                  lostUpdates: report.anomalies.count { $0.kind == .lostUpdate },
                  duplicates: report.anomalies.count { $0.kind == .duplicate },
                  conflictsShown: report.conflictsShown.count)
    }

    /// The counts added up, field by field.
    public static func + (lhs: ComparisonCounts, rhs: ComparisonCounts) -> ComparisonCounts {
        ComparisonCounts(zombies: lhs.zombies + rhs.zombies, lostUpdates: lhs.lostUpdates + rhs.lostUpdates,
                         duplicates: lhs.duplicates + rhs.duplicates,
                         conflictsShown: lhs.conflictsShown + rhs.conflictsShown)
    }

    /// `z0 l1 d0 c0`: zombies, lost updates, duplicates, conflicts shown.
    package var summary: String {
        "z\(zombies) l\(lostUpdates) d\(duplicates) c\(conflictsShown)"
    }
}
