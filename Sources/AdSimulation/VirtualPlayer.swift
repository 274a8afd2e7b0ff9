public import AdLifecycle
public import FoundationEssentials

/// A virtual player: drives an `AdSession` or `AdBreak` someone else made through playback on a
/// ``VirtualClock``, as a real player and view hierarchy would, and records everything it caused.
///
/// It reports progress only at the moments something can happen: each milestone's playhead (quartiles,
/// progress offsets), each input's time, the playhead where the viewability count can be met, the
/// target of ``play(to:)`` and the end, where playback completes. So the cost grows with the events that
/// fire, never with the duration: a `<Duration>` of `99999999:00:00` plays as fast as one of 30 s. When the
/// ad plays exposed but its viewability count is not running (after a pause, or when the exposure rose),
/// it reports the playhead at once, as players do when playback resumes, so the count starts there. The
/// clock moves with the playhead (and on through pauses, to the next input), and every input is stamped
/// with it. The duration it plays against is the session's (the player's reported one, else the
/// document's); ``reportedDuration`` is what it tells the session with each progress report.
///
/// A play ends when the ad playing ends (completed, skipped, closed, failed): in a break, the next ad
/// waits for the next call. Inputs due at the same time apply in the order given; one due before the
/// clock applies at once; those left when the ad ended are noted as ignored. Refused inputs do not
/// throw: they are in ``notes`` with the session's error, and playback goes on.
///
/// Not thread-safe itself (a value; drive it from one task), but the session and clock it holds are.
public struct VirtualPlayer: Sendable {
    /// What it plays.
    public let session: any PlayedSession
    /// The clock the session reads; the player moves it forward.
    public let clock: VirtualClock
    /// The clock's time when the player was made: input times count from it.
    public let start: Date
    /// The duration the player reports with each progress, in seconds; `nil` reports none (the session
    /// goes by the document's `<Duration>`). ``begin(exposure:duration:)`` sets it.
    public var reportedDuration: TimeInterval?
    /// Every beacon the player's inputs caused, in firing order, at the playhead of the input.
    public internal(set) var timeline: [TimelineEntry] = []
    /// Every event the player's inputs caused (callbacks and beacons), in firing order.
    public internal(set) var events: [SessionEvent] = []
    /// The scheduled inputs in the order applied, with what the session did with each.
    public internal(set) var notes: [SimulationNote] = []
    /// How many inputs the player sent the session.
    public internal(set) var inputCount = 0
    /// The video phase of the ad last played: where it ended once it did (`loading` before any input).
    public internal(set) var finalPhase: VideoPhase = .loading
    /// Milliseconds on the player's clock since ``start``.
    var clockMs = 0
    /// The viewability meter right after the player's last progress report: when it differs, something
    /// else (a pause, an exposure report) touched it since.
    var meterAfterReport: ViewabilityMeter?

    /// A player of `session`, whose inputs are stamped with `clock` (give the session `clock.read`).
    public init(playing session: any PlayedSession, clock: VirtualClock) {
        self.session = session
        self.clock = clock
        start = clock.now
    }

    /// The playhead of the ad playing, in seconds (0 before its first progress report).
    public var playhead: TimeInterval { SessionTime.seconds(playheadMs) }

    /// Opens the play: the impression, the exposure when given, and for a linear ad the duration when
    /// given (`durationUpdated`, then reported with every progress) and the first progress at the
    /// playhead (`creativeView`, `start`).
    /// - Parameters:
    ///   - exposure: the share of the player on screen, in percent (0 to 100); `nil` reports none.
    ///   - duration: the media's duration the player knows, in seconds; `nil` leaves the document's.
    /// - Returns: the events it caused, in firing order.
    /// - Throws: ``VirtualPlayerError``: an exposure or duration out of bounds, a duration for an ad that
    ///   is not linear (nothing sent), or the session refusing one of these inputs.
    @discardableResult
    public mutating func begin(exposure: Double? = nil, duration: TimeInterval? = nil) throws(VirtualPlayerError)
        -> [SessionEvent]
    {
        if let exposure { try Self.checkExposure(exposure, "the exposure") }
        let durationMs = try duration.map { seconds throws(VirtualPlayerError) in try Self.checkDuration(seconds) }
        let linear = session.playing?.video != nil
        if duration != nil, !linear {
            throw VirtualPlayerError(.invalidInput, "a duration was given for an ad that is not linear")
        }
        syncClock()
        let first = events.count
        try sendOwn(.unit(.impressionRendered))
        if let exposure { try sendOwn(.exposureChanged(percent: exposure)) }
        if linear {
            if let duration, let durationMs {
                reportedDuration = duration
                try sendOwn(.video(.durationUpdated(durationMs: durationMs)))
            }
            try report(playheadMs)
        }
        return Array(events[first...])
    }

    /// Plays the ad playing to its end, applying `inputs` at their times; a pause with no later resume
    /// stops it there. A video not started yet first reports progress at its playhead.
    /// - Returns: the events it caused, in firing order.
    /// - Throws: ``VirtualPlayerError``: an input out of bounds or an unknown duration (nothing sent), or
    ///   the session refusing the player's own progress report (an ad that is not linear).
    @discardableResult
    public mutating func play(_ inputs: [PlayerInput] = []) throws(VirtualPlayerError) -> [SessionEvent] {
        try advance(to: nil, inputs: try Self.schedule(inputs))
    }

    /// Plays the ad playing from its playhead to `position` seconds: progress at each milestone on the
    /// way and at `position`, the clock advancing with the playhead; reaching the duration completes the
    /// ad. A video not started yet first reports progress at its playhead; a paused one does not move
    /// (nothing is sent).
    /// - Returns: the events it caused, in firing order.
    /// - Throws: ``VirtualPlayerError``: `position` out of bounds or behind the playhead (nothing sent),
    ///   or the session refusing a progress report.
    @discardableResult
    public mutating func play(to position: TimeInterval) throws(VirtualPlayerError) -> [SessionEvent] {
        try advance(to: try Self.milliseconds(position, "the position to play to"), inputs: [])
    }

    /// Lets `seconds` pass with nothing else happening (`timePassed`): a display ad's exposure is judged.
    /// - Returns: the events it caused.
    /// - Throws: ``VirtualPlayerError`` for a time out of bounds.
    @discardableResult
    public mutating func wait(_ seconds: TimeInterval) throws(VirtualPlayerError) -> [SessionEvent] {
        let span = try Self.milliseconds(seconds, "the time to wait")
        syncClock()
        clockMs += span
        let first = events.count
        try sendOwn(.timePassed)
        return Array(events[first...])
    }

    /// The host removes the ad for good (`ended`): the viewability verdict, if none fired.
    /// - Returns: the events it caused.
    @discardableResult
    public mutating func end() throws(VirtualPlayerError) -> [SessionEvent] {
        syncClock()
        let first = events.count
        try sendOwn(.ended)
        return Array(events[first...])
    }
}
