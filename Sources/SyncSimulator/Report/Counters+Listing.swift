extension Counters {
    /// Every counter with its name, sorted by name (error answers excluded; see `sortedErrors`).
    var listed: [(name: String, value: Int)] {
        let all: [(name: String, value: Int)] = [
            ("commits", commits), ("conflicts", conflicts), ("duplicatesDelivered", duplicatesDelivered),
            ("events", events), ("pushes", pushes), ("requests", requests), ("requestsLost", requestsLost),
            ("responsesLost", responsesLost), ("retries", retries), ("syncs", syncs), ("timeouts", timeouts),
            ("userActions", userActions),
        ]
        return all.sorted { $0.name < $1.name }
    }

    /// Error answers by CloudKit error name, sorted by name.
    var sortedErrors: [(name: String, count: Int)] {
        errors.sorted { $0.key < $1.key }.map { (name: $0.key, count: $0.value) }
    }
}
