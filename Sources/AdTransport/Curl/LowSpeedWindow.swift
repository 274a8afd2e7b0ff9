/// The low-speed rule: once a response has started arriving, a transfer that receives fewer
/// than `bytesPerSecond × seconds` bytes in a window of `seconds` fails.
///
/// curl's own `LOW_SPEED_TIME` counts from the start of the request, so a live server that
/// takes longer than the window to answer failed however long the caller's deadline was. Here
/// the wait for the first byte is governed by the deadline alone, and a drip (1 byte/s) still
/// fails within two windows of its first byte (windows are consecutive, not sliding).
struct LowSpeedWindow {
    let bytesPerSecond: Int
    let window: Duration
    /// Bytes the window must see, saturating (both limits come from a configuration).
    private let required: Int
    private var start: ContinuousClock.Instant?
    private var bytesAtStart = 0

    /// A window, or `nil` when either limit is zero (the rule is off, as in curl).
    init?(bytesPerSecond: Int, seconds: Int) {
        guard bytesPerSecond > 0, seconds > 0 else { return nil }
        self.bytesPerSecond = bytesPerSecond
        window = .seconds(seconds)
        let (product, overflow) = bytesPerSecond.multipliedReportingOverflow(by: seconds)
        required = overflow ? .max : product
    }

    /// Records that `received` bytes (header and body) have arrived by `now`.
    /// - Returns: true when the last full window saw too few bytes: the transfer must stop.
    mutating func isTooSlow(received: Int, now: ContinuousClock.Instant) -> Bool {
        guard received > 0 else { return false }  // still waiting for the first byte
        guard let start else {
            // The first window measures what flows after the first bytes: a burst of headers
            // followed by a drip must not pass for speed.
            self.start = now
            bytesAtStart = received
            return false
        }
        guard now - start >= window else { return false }
        if received - bytesAtStart < required { return true }
        self.start = now
        bytesAtStart = received
        return false
    }
}
