public import Foundation

/// One callback of an ``AdSession``, as a value: what the unit, video, MRAID and shown parts tell the
/// host, in seconds where they carry a time.
public enum SessionCallback: Sendable, Hashable, Codable {
    // MARK: Unit

    /// The impression will be logged (rendered and visible). Once per ad instance.
    case impressionWillBeLogged
    /// The ad was clicked; open `url` (the click-through of what was tapped, macros expanded) if any.
    case clicked(url: String?)
    /// Fullscreen presentation starts.
    case willPresentFullscreen
    /// Fullscreen presentation finished.
    case didPresentFullscreen
    /// Fullscreen dismissal starts.
    case willDismissFullscreen
    /// Fullscreen dismissal finished.
    case didDismissFullscreen
    /// The app is about to open another app for `url`.
    case willOpenExternalApp(url: String)
    /// The user earned the reward. Once.
    case rewarded
    /// The ad expired before it was shown.
    case expired
    /// The ad failed to render, with this VAST error code.
    case failed(errorCode: Int)

    // MARK: Video

    /// The player's duration became known or changed, in seconds.
    case durationUpdated(TimeInterval)
    /// Playback started. Once.
    case started
    /// The playhead moved: position and the player's duration (when it reported one), in seconds.
    case progressed(position: TimeInterval, duration: TimeInterval?)
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
    /// The player went fullscreen (playerExpand).
    case playerExpanded
    /// The player left fullscreen (playerCollapse).
    case playerCollapsed
    /// Skipped.
    case skipped
    /// Closed by the user.
    case closed
    /// Played to the end.
    case completed
    /// Playback stopped for good with this error.
    case interrupted(AdPlaybackError)

    // MARK: Shown parts

    /// A companion was tapped; open `url` (its CompanionClickThrough) if any.
    case companionClicked(index: Int, url: String?)
    /// An icon was tapped; open `url` (its IconClickThrough) if any.
    case iconClicked(index: Int, url: String?)
    /// The NonLinear was tapped; open `url` (its NonLinearClickThrough) if any.
    case nonLinearClicked(url: String?)
    /// A NonLinear input was handled (accepted invitation, expanded, collapsed, minimized, closed).
    case nonLinear(NonLinearInput)

    // MARK: Screen, containers, verification

    /// The viewability verdict, once per ad instance.
    case viewability(ViewabilityVerdict)
    /// The exposure changed: tell an MRAID creative (`exposureChange`), in percent.
    case exposureChanged(percent: Double)
    /// An MRAID container callback.
    case mraid(MRAIDCallback)
    /// A verification could not run; its verificationNotExecuted URLs fired with `reason`.
    case verificationNotExecuted(index: Int, reason: VerificationFailureReason)

    // MARK: Breaks (``AdBreak``)

    /// A break of `adCount` ads starts.
    case breakStarted(adCount: Int)
    /// Ad `position` (1-based) of `count` starts: report its player from now on.
    case adStarted(position: Int, count: Int)
    /// Ad `position` of `count` ended (played, skipped, closed or failed).
    case adEnded(position: Int, count: Int)
    /// The break is over: nothing is left to play.
    case breakEnded
}

/// One event of a session's ordered stream: a callback or a beacon, in the order they fired.
public typealias SessionEvent = LifecycleAction<SessionCallback>
