/// What happens during a simulated playback. Every `…At` time is in seconds on the simulation clock:
/// time since the ad started, paused time included (without a pause or a seek it equals the playhead; for a
/// NonLinear overlay, the time it has been shown). The overlay's inputs (`acceptAt` to `closeAt`) apply to a
/// NonLinear overlay; a linear ad's session refuses them, as it refuses the video's inputs for an overlay.
///
/// Every number is checked by ``validate()`` (the simulation calls it): times finite, from 0 to a day;
/// the duration above 0 and at most the longest VAST time; the exposure 0 to 100.
public struct SimulationOptions: Sendable, Hashable {
    /// The media's duration in seconds; `nil` takes the Linear's `<Duration>`.
    public var duration: Double?
    /// The user pauses.
    public var pauseAt: Double?
    /// The user resumes (after ``pauseAt``).
    public var resumeAt: Double?
    /// The playhead the user seeks to, at ``seekAt`` (default: right after the start).
    public var seekTo: Double?
    /// When the seek to ``seekTo`` happens; `nil` is 0, right after playback starts.
    public var seekAt: Double?
    /// The user taps skip (refused with the session's error when the ad does not allow it yet).
    public var skipAt: Double?
    /// The user clicks the ad (ClickTracking, and the impression first if it was not logged).
    public var clickAt: Double?
    /// The user mutes.
    public var muteAt: Double?
    /// The player goes fullscreen (playerExpand, and VAST 2/3 fullscreen).
    public var fullscreenAt: Double?
    /// Playback fails for good with error 405 (the Error URLs fire with `[ERRORCODE]` 405).
    public var failAt: Double?
    /// The share of the player on screen the host reports at the start, in percent; `nil` reports none
    /// (the instance's viewability is then undetermined).
    public var exposure: Double?
    /// The user accepts a NonLinear overlay's invitation (acceptInvitation).
    public var acceptAt: Double?
    /// The user expands the overlay (adExpand, and VAST 3's expand).
    public var expandAt: Double?
    /// The user collapses the overlay back (adCollapse, and VAST 3's collapse).
    public var collapseAt: Double?
    /// The user minimizes the overlay (minimize).
    public var minimizeAt: Double?
    /// The user closes the overlay for good (close; later inputs are ignored).
    public var closeAt: Double?

    /// The most a time option may be, in seconds (a day of clock).
    public static let maximumTime: Double = 86_400

    /// Options for a plain play to the end.
    public init(
        duration: Double? = nil, pauseAt: Double? = nil, resumeAt: Double? = nil, seekTo: Double? = nil,
        seekAt: Double? = nil, skipAt: Double? = nil, clickAt: Double? = nil, muteAt: Double? = nil,
        fullscreenAt: Double? = nil, failAt: Double? = nil, exposure: Double? = nil, acceptAt: Double? = nil,
        expandAt: Double? = nil, collapseAt: Double? = nil, minimizeAt: Double? = nil, closeAt: Double? = nil
    ) {
        self.duration = duration
        self.pauseAt = pauseAt
        self.resumeAt = resumeAt
        self.seekTo = seekTo
        self.seekAt = seekAt
        self.skipAt = skipAt
        self.clickAt = clickAt
        self.muteAt = muteAt
        self.fullscreenAt = fullscreenAt
        self.failAt = failAt
        self.exposure = exposure
        self.acceptAt = acceptAt
        self.expandAt = expandAt
        self.collapseAt = collapseAt
        self.minimizeAt = minimizeAt
        self.closeAt = closeAt
    }

    /// The time options by name, for messages.
    var times: [(name: String, value: Double?)] {
        [
            ("pauseAt", pauseAt), ("resumeAt", resumeAt), ("seekTo", seekTo), ("seekAt", seekAt), ("skipAt", skipAt),
            ("clickAt", clickAt), ("muteAt", muteAt), ("fullscreenAt", fullscreenAt), ("failAt", failAt),
            ("acceptAt", acceptAt), ("expandAt", expandAt), ("collapseAt", collapseAt), ("minimizeAt", minimizeAt),
            ("closeAt", closeAt),
        ]
    }

    /// Checks every number.
    /// - Throws: ``SimulationError`` naming the option and its bounds.
    public func validate() throws(SimulationError) {
        for (name, value) in times {
            guard let value else { continue }
            guard value.isFinite, value >= 0, value <= Self.maximumTime else {
                throw SimulationError(message: "\(name) must be seconds from 0 to 86400, not \(value)")
            }
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= 359_999_999_999.999) {
            throw SimulationError(
                message: "the duration must be above 0 s and at most 99999999:59:59.999, not \(duration)")
        }
        if let exposure, !(exposure.isFinite && exposure >= 0 && exposure <= 100) {
            throw SimulationError(message: "the exposure must be a percentage from 0 to 100, not \(exposure)")
        }
    }
}
