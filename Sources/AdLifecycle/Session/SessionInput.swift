public import Foundation

/// Everything the host reports to an ``AdSession``, as data: the player, the web view, the screen and
/// the user. Times are seconds, as the player reports them.
///
/// The session routes each to its parts (unit, video, MRAID, companions, icons, verifications,
/// viewability); ``AdSession``'s methods are the same inputs spelled as calls.
public enum SessionInput: Sendable, Hashable, Codable {
    // MARK: The ad on screen

    /// The ad was rendered and is visible: the impression is due.
    case impressionRendered
    /// The user tapped the ad at `position` (pixels, for `[CLICKPOS]`); the playhead is the session's.
    case clicked(position: ClickPoint?)
    /// The app asks to show the ad fullscreen; `hostAvailable` says whether it has a view to present from.
    case fullscreenRequested(hostAvailable: Bool)
    /// The fullscreen presentation finished (a linear ad's player is now expanded).
    case fullscreenPresented
    /// The user or app asked to leave fullscreen (a linear ad's player collapses).
    case fullscreenDismissRequested
    /// The fullscreen view is gone.
    case fullscreenDismissed
    /// A click is leaving the app for `url`.
    case externalAppOpening(url: String)
    /// The user earned the reward of a rewarded ad.
    case rewardEarned
    /// The ad's time to live passed before it was shown.
    case expired
    /// The ad could not be rendered, with the VAST code to report (any code: 400s, 500s, 600s, 900).
    case renderFailed(errorCode: Int)
    /// The host removed the ad for good (a banner taken off screen, the player torn down).
    case ended

    // MARK: The player (linear)

    /// The player knows the media's duration, in seconds.
    case durationUpdated(TimeInterval)
    /// The playhead, and the player's duration when it knows it, in seconds.
    case progressed(position: TimeInterval, duration: TimeInterval?)
    /// Playback paused.
    case paused
    /// Playback resumed.
    case resumed
    /// The player was muted.
    case muted
    /// The player was unmuted.
    case unmuted
    /// The player grew (fullscreen) without a unit presentation.
    case playerExpanded
    /// The player shrank back.
    case playerCollapsed
    /// The user tapped skip.
    case skipRequested
    /// The user closed the ad.
    case closeRequested
    /// Playback reached the end.
    case playbackCompleted
    /// Playback stopped for good.
    case playbackInterrupted(AdPlaybackError)

    // MARK: What is shown beside it

    /// Companion `index` of ``AdSession/companions`` is on screen.
    case companionShown(index: Int)
    /// Companion `index` was tapped.
    case companionClicked(index: Int)
    /// Icon `index` of ``AdSession/icons`` is on screen.
    case iconShown(index: Int)
    /// Icon `index` was tapped.
    case iconClicked(index: Int)

    // MARK: The screen

    /// The percentage of the ad's pixels on screen, from the app's view hierarchy (0 to 100).
    case exposureChanged(percent: Double)
    /// Time passed with nothing else to report (lets a display ad's second of exposure be judged).
    case timePassed

    // MARK: Containers and verification

    /// An MRAID command or host report (viewability comes from ``exposureChanged(percent:)``).
    case mraid(MRAIDInput)
    /// Verification `index` of ``AdSession/verifications`` could not be run, for `reason`.
    case verificationNotExecuted(index: Int, reason: VerificationFailureReason)
    /// A NonLinear (overlay) input.
    case nonLinear(NonLinearInput)

    /// The input's name, as fixtures write it.
    public var name: String {
        switch self {
        case .impressionRendered: "impressionRendered"
        case .clicked: "clicked"
        case .fullscreenRequested: "fullscreenRequested"
        case .fullscreenPresented: "fullscreenPresented"
        case .fullscreenDismissRequested: "fullscreenDismissRequested"
        case .fullscreenDismissed: "fullscreenDismissed"
        case .externalAppOpening: "externalAppOpening"
        case .rewardEarned: "rewardEarned"
        case .expired: "expired"
        case .renderFailed: "renderFailed"
        case .ended: "ended"
        case .durationUpdated: "durationUpdated"
        case .progressed: "progressed"
        case .paused: "paused"
        case .resumed: "resumed"
        case .muted: "muted"
        case .unmuted: "unmuted"
        case .playerExpanded: "playerExpanded"
        case .playerCollapsed: "playerCollapsed"
        case .skipRequested: "skipRequested"
        case .closeRequested: "closeRequested"
        case .playbackCompleted: "playbackCompleted"
        case .playbackInterrupted: "playbackInterrupted"
        case .companionShown: "companionShown"
        case .companionClicked: "companionClicked"
        case .iconShown: "iconShown"
        case .iconClicked: "iconClicked"
        case .exposureChanged: "exposureChanged"
        case .timePassed: "timePassed"
        case .mraid(let input): "mraid." + input.kind.rawValue
        case .verificationNotExecuted: "verificationNotExecuted"
        case .nonLinear(let input): "nonLinear." + input.name
        }
    }
}

/// What the host reports about a NonLinear (overlay) ad.
public enum NonLinearInput: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user accepted the invitation (the overlay expands or launches its linear part).
    case acceptInvitation
    /// The user expanded the overlay.
    case expanded
    /// The user collapsed it back to its original size.
    case collapsed
    /// The user minimized it.
    case minimized
    /// The user closed it for good.
    case closed
    /// The user tapped it: NonLinearClickTracking, and the click-through to open.
    case clicked

    /// The name fixtures write.
    public var name: String { rawValue }
}
