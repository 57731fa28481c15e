import Dispatch

/// The progress line of a long run on a terminal: seeds done, failures, seeds per second, at most once a second.
final class ProgressMeter: @unchecked Sendable {
    // Every access to the mutable state below goes through `lock`.
    private let lock = DispatchSemaphore(value: 1)
    private let total: Int
    private let console: Console
    private let started = ContinuousClock.now
    private var shownAt: ContinuousClock.Instant?

    init(total: Int, console: Console) {
        self.total = total
        self.console = console
    }

    func update(done: Int, failed: Int) {
        guard console.errorIsTerminal else { return }
        lock.wait()
        defer { lock.signal() }
        let now = ContinuousClock.now
        if let shownAt, now - shownAt < .seconds(1), done < total { return }
        shownAt = now
        let rate = Double(done) / max((now - started) / .seconds(1), 0.001)
        console.error("fuzz: \(done)/\(total) seeds, \(failed) failed, \(Int(rate.rounded())) seeds/s")
    }
}
