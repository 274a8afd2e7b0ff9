public import FoundationEssentials

/// Everything that can happen to a linear video ad, as data (for fixtures and property tests).
///
/// Times are whole milliseconds so fixtures compare exactly; a player that reports seconds makes its
/// inputs with ``progressed(seconds:duration:)`` and ``durationUpdated(seconds:)``, which refuse NaN,
/// infinities, negatives and values past the longest VAST time with a typed error instead of trapping.
public enum VideoInput: Sendable, Hashable, Codable {
    /// The player knows the media's duration (it is ready to play).
    case durationUpdated(durationMs: Int)
    /// The player reports the playhead and, when known, the total time.
    case progressed(positionMs: Int, durationMs: Int?)
    /// Playback paused.
    case paused
    /// Playback resumed after a pause.
    case resumed
    /// The player was muted.
    case muted
    /// The player was unmuted.
    case unmuted
    /// The player went fullscreen.
    case playerExpanded
    /// The player left fullscreen.
    case playerCollapsed
    /// The user tapped skip.
    case skipRequested
    /// The user closed the ad before the end.
    case closeRequested
    /// Playback reached the end.
    case playbackCompleted
    /// Playback stopped for good (the buffer ran dry and did not refill, the media failed), with the
    /// typed error whose VAST code goes to the Error URLs.
    case playbackInterrupted(AdPlaybackError)
    /// Icon `index` of ``TrackingPlan/icons`` is on screen.
    case iconViewed(index: Int)
    /// Icon `index` was tapped (after it was shown).
    case iconClicked(index: Int)

    /// The kind of input, for the transition table.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case durationUpdated, progressed, paused, resumed, muted, unmuted, playerExpanded, playerCollapsed
        case skipRequested, closeRequested, playbackCompleted, playbackInterrupted, iconViewed, iconClicked
    }

    /// The input's kind.
    public var kind: Kind {
        switch self {
        case .durationUpdated: .durationUpdated
        case .progressed: .progressed
        case .paused: .paused
        case .resumed: .resumed
        case .muted: .muted
        case .unmuted: .unmuted
        case .playerExpanded: .playerExpanded
        case .playerCollapsed: .playerCollapsed
        case .skipRequested: .skipRequested
        case .closeRequested: .closeRequested
        case .playbackCompleted: .playbackCompleted
        case .playbackInterrupted: .playbackInterrupted
        case .iconViewed: .iconViewed
        case .iconClicked: .iconClicked
        }
    }
}

/// A delegate callback of the video content, as a value.
public enum VideoCallback: Sendable, Hashable, Codable {
    /// The duration became known or changed.
    case durationUpdated(durationMs: Int)
    /// Playback started (first progress). Once.
    case started
    /// The playhead moved: current time and, when known, total time.
    case progressed(positionMs: Int, durationMs: Int?)
    /// A quartile was reached. Once each, in order.
    case quartileReached(Quartile)
    /// Paused.
    case paused
    /// Resumed.
    case resumed
    /// Muted.
    case muted
    /// Unmuted.
    case unmuted
    /// The player went fullscreen.
    case playerExpanded
    /// The player left fullscreen.
    case playerCollapsed
    /// Skipped by the user.
    case skipped
    /// Closed by the user.
    case closed
    /// Played to the end.
    case completed
    /// Interrupted for good with this error (its VAST code went to the Error URLs).
    case interrupted(AdPlaybackError)
    /// Icon `index` was tapped; open `url` (its IconClickThrough, macros expanded) if any.
    case iconClicked(index: Int, url: String?)
}

/// An action of the video lifecycle.
public typealias VideoAction = LifecycleAction<VideoCallback>

extension VideoInput {
    /// The playhead and the player's duration, in the seconds players report, as an input.
    /// - Throws: `invalidTime` for NaN, infinities, negatives and values above
    ///   ``SessionTime/maximumSeconds``.
    public static func progressed(seconds: TimeInterval, duration: TimeInterval?) throws(LifecycleError) -> Self {
        .progressed(
            positionMs: try SessionTime.milliseconds(seconds),
            durationMs: try duration.map { value throws(LifecycleError) in try SessionTime.milliseconds(value) })
    }

    /// The player's duration, in seconds, as an input.
    /// - Throws: `invalidTime` as for ``progressed(seconds:duration:)``.
    public static func durationUpdated(seconds: TimeInterval) throws(LifecycleError) -> Self {
        .durationUpdated(durationMs: try SessionTime.milliseconds(seconds))
    }
}
