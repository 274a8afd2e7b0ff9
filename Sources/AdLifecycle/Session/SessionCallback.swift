/// One callback of an ``AdSession``, as a value: the parts' own callbacks nested (the unit's, the
/// video's, MRAID's), and what only the session tells (the NonLinear, viewability, exposure,
/// verifications, breaks).
public enum SessionCallback: Sendable, Hashable, Codable {
    /// A callback of the ad unit (impression, click, fullscreen, reward, expiry, failure, companion click).
    case unit(UnitCallback)
    /// A callback of the video (duration, start, progress, quartiles, toggles, the end, icon click), in
    /// milliseconds.
    case video(VideoCallback)
    /// An MRAID container callback.
    case mraid(MRAIDCallback)
    /// The NonLinear was tapped; open `url` (its NonLinearClickThrough) if any.
    case nonLinearClicked(url: String?)
    /// A NonLinear input was handled (accepted invitation, expanded, collapsed, minimized, closed).
    case nonLinear(NonLinearInput)
    /// The viewability verdict, once per ad instance.
    case viewability(ViewabilityVerdict)
    /// The exposure changed: tell an MRAID creative (`exposureChange`), in percent.
    case exposureChanged(percent: Double)
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
