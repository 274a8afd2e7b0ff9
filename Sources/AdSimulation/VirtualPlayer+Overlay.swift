public import AdLifecycle
public import FoundationEssentials

extension VirtualPlayer {
    /// Shows an ad that is not linear (a NonLinear overlay, a banner) while time passes: applies `inputs` at their
    /// times on the player's clock (the session judges the time passed with each, so a display ad's exposure
    /// counts), then at `end`, when given, the host removes the ad (`ended`: the viewability verdict, when none
    /// fired). Beacons and notes are placed at the time on the clock (such an ad has no playhead). Inputs after
    /// `end` are noted as ignored; refused inputs are noted with the session's error, and the show goes on.
    /// - Parameters:
    ///   - inputs: what the user does (``PlayerAction/overlay(_:)``, ``PlayerAction/click(at:)``, ...).
    ///   - end: when the ad is removed, in seconds on the player's clock; `nil` leaves it on screen.
    /// - Returns: the events it caused, in firing order.
    /// - Throws: ``VirtualPlayerError``: an input or `end` out of bounds, or a linear ad (play it instead);
    ///   nothing sent.
    @discardableResult
    public mutating func show(_ inputs: [PlayerInput] = [], until end: TimeInterval? = nil) throws(VirtualPlayerError)
        -> [SessionEvent]
    {
        if session.playing?.video != nil {
            throw VirtualPlayerError(.invalidInput, "the ad playing is linear: play it rather than show it")
        }
        let scheduled = try Self.schedule(inputs)
        let endMs: Int?
        if let end { endMs = try Self.milliseconds(end, "the end of the show") } else { endMs = nil }
        syncClock()
        let first = events.count
        for input in scheduled {
            if let endMs, input.clockMs > endMs {
                note(
                    input.action.describe(durationMs: nil), .ignored("the ad had already been removed"),
                    clockMs: input.clockMs, playheadMs: input.clockMs)
                continue
            }
            clockMs = max(clockMs, input.clockMs)
            apply(input.action)
        }
        if let endMs {
            clockMs = max(clockMs, endMs)
            try sendOwn(.ended)
        }
        return Array(events[first...])
    }
}
