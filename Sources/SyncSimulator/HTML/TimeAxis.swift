/// Maps true times to integer x coordinates, compressing quiet stretches: the gap between two consecutive moments
/// drawn gets a width that grows with the fourth root of its length (a 200 ms round trip and a 31-day gap both
/// readable), and gaps of over 10 minutes are cut and marked. Integer coordinates from correctly rounded square
/// roots, so a page is byte-identical on every machine.
struct TimeAxis {
    /// The moments drawn, in microseconds, ascending and distinct, with their x.
    private let times: [Int64]
    private let xs: [Int]
    /// The cut gaps: where each is drawn (its middle) and how long it really was.
    let cuts: [(x: Int, gap: SimDuration)]
    /// The x past the last moment.
    let end: Int

    static let cutAbove = SimDuration.minutes(10)

    init(moments: [SimDuration], left: Int) {
        let sorted = Array(Set(moments.map(\.micros))).sorted()
        var xs: [Int] = []
        var cuts: [(x: Int, gap: SimDuration)] = []
        var x = left
        for (index, time) in sorted.enumerated() {
            if index > 0 {
                let gap = time - sorted[index - 1]
                let width = TimeAxis.width(ofGap: gap)
                if gap > TimeAxis.cutAbove.micros { cuts.append((x + width / 2, SimDuration(micros: gap))) }
                x += width
            }
            xs.append(x)
        }
        times = sorted.isEmpty ? [0] : sorted
        self.xs = xs.isEmpty ? [left] : xs
        self.cuts = cuts
        end = x + 16
    }

    /// How wide a gap of `micros` is drawn.
    static func width(ofGap micros: Int64) -> Int {
        let millis = Double(micros / 1_000)
        return min(260, 8 + Int(4 * millis.squareRoot().squareRoot()))
    }

    /// The x of `time`: exact for a moment drawn, in proportion between its neighbours otherwise.
    func x(_ time: SimDuration) -> Int {
        let t = time.micros
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < t { low = middle + 1 } else { high = middle }
        }
        if low < times.count && times[low] == t { return xs[low] }
        if low == 0 { return xs[0] }
        if low == times.count { return xs[times.count - 1] }
        let (t0, t1, x0, x1) = (times[low - 1], times[low], xs[low - 1], xs[low])
        return x0 + Int(Int64(x1 - x0) * (t - t0) / (t1 - t0))
    }
}
