extension ConflictStamp {
    /// "12m (taken at 2m)", "deleted, 5m", or "not known" for a side an app resolved.
    static func text(_ stamp: ConflictStamp?) -> String {
        guard let stamp else { return "not known" }
        let taken = stamp.takenAt == stamp.timestamp ? "" : " (taken at \(stamp.takenAt))"
        return (stamp.deleted ? "deleted, " : "") + stamp.timestamp.description + taken
    }
}

extension ConflictDecision {
    /// "kept the device's version", "shown to the user: keep-both at 22m", with the skew warning.
    var resolutionText: String {
        var text = resolution
        if let decision, let decidedAt { text += ": \(decision.rawValue) at \(decidedAt)" }
        if skewed { text += " (by true time it would have gone the other way)" }
        return text
    }
}
