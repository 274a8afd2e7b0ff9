import AdErrors
import FoundationEssentials

/// The progress line `validate` draws on standard error when it is a terminal:
/// `120/1000 (12%)  3 failed  98.3/s  ETA 0:09`, redrawn in place with `\r` at most every 100 ms, hidden
/// while a result line goes to the same terminal, and ended with the total time. Plain text,
/// no colour or escape sequences, so `NO_COLOR` has nothing to change.
struct ProgressLine {
    let total: Int
    let enabled: Bool
    private let write: @Sendable (String) -> Void
    private let start: ContinuousClock.Instant
    private var done = 0
    private var failed = 0
    private var lastDraw: ContinuousClock.Instant?
    private var drawnWidth = 0

    /// The least time between two redraws.
    static let interval = Duration.milliseconds(100)

    init(total: Int, enabled: Bool, write: @escaping @Sendable (String) -> Void, start: ContinuousClock.Instant = .now)
    {
        self.total = total
        self.enabled = enabled
        self.write = write
        self.start = start
    }

    /// The line's text for `done` of `total`, `failed` of them not valid, after `seconds`.
    static func text(done: Int, total: Int, failed: Int = 0, seconds: Double) -> String {
        let total = max(total, done)  // a list that grew while it was read
        let percent = total > 0 ? done * 100 / total : 100
        var text = "\(done)/\(total) (\(percent)%)  \(failed) failed"
        guard done > 0, seconds > 0 else { return text }
        let rate = Double(done) / seconds
        text += "  " + rate.fixed(rate >= 100 ? 0 : 1) + "/s"
        if done < total { text += "  ETA " + clock(Double(total - done) / rate) }
        return text
    }

    /// `m:ss`, or `h:mm:ss` from an hour up.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0
            ? "\(hours):\(minutes.zeroPadded(2)):\(rest.zeroPadded(2))" : "\(minutes):\(rest.zeroPadded(2))"
    }

    /// Draws the line as it stands (at the start: `0/N (0%)`).
    mutating func draw() {
        guard enabled else { return }
        let now = ContinuousClock.now
        let line = Self.text(done: done, total: total, failed: failed, seconds: Self.seconds(now - start))
        let padding = String(repeating: " ", count: max(0, drawnWidth - line.count))
        write("\r" + line + padding)
        drawnWidth = line.count
        lastDraw = now
    }

    /// Counts one more finished document (`failed` when it was not valid); redraws when the line is
    /// hidden or due.
    mutating func advance(failed: Bool = false) {
        done += 1
        if failed { self.failed += 1 }
        guard enabled else { return }
        if drawnWidth == 0 || done == total || lastDraw.map({ ContinuousClock.now - $0 >= Self.interval }) ?? true {
            draw()
        }
    }

    /// Blanks the line so that another line can be written to the terminal.
    mutating func hide() {
        guard enabled, drawnWidth > 0 else { return }
        write("\r" + String(repeating: " ", count: drawnWidth) + "\r")
        drawnWidth = 0
    }

    /// Replaces the line with the total: `1000 documents in 6.1 s (164/s), 12 failed` and a newline.
    mutating func finish() {
        guard enabled else { return }
        hide()
        let seconds = Self.seconds(.now - start)
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let noun = done == 1 ? "document" : "documents"
        write("\(done) \(noun) in " + "\(seconds.fixed(1)) s (\(rate.fixed(1))/s)" + ", \(failed) failed\n")
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
