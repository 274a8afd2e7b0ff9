public import Foundation
public import VAST

// The inputs of ``SessionInput`` spelled as calls. Each returns the events it caused and throws
// ``SessionError`` when refused (nothing changed).
extension AdSession {
    /// The ad was rendered and is visible: the impression (once), and a banner's or overlay's creativeView.
    @discardableResult
    public func impressionRendered() throws(SessionError) -> [SessionEvent] { try send(.impressionRendered) }

    /// The user tapped the ad at `position` (pixels, for `[CLICKPOS]`); the playhead is the session's.
    @discardableResult
    public func clicked(at position: ClickPoint? = nil) throws(SessionError) -> [SessionEvent] {
        try send(.clicked(position: position))
    }

    /// The app asks for fullscreen; `hostAvailable` says whether it has a view to present from.
    @discardableResult
    public func fullscreenRequested(hostAvailable: Bool = true) throws(SessionError) -> [SessionEvent] {
        try send(.fullscreenRequested(hostAvailable: hostAvailable))
    }

    /// The fullscreen presentation finished: a linear ad's player expanded (playerExpand).
    @discardableResult
    public func fullscreenPresented() throws(SessionError) -> [SessionEvent] { try send(.fullscreenPresented) }

    /// Leaving fullscreen was asked for: a linear ad's player collapses (playerCollapse).
    @discardableResult
    public func fullscreenDismissRequested() throws(SessionError) -> [SessionEvent] {
        try send(.fullscreenDismissRequested)
    }

    /// The fullscreen view is gone: the unit is done.
    @discardableResult
    public func fullscreenDismissed() throws(SessionError) -> [SessionEvent] { try send(.fullscreenDismissed) }

    /// A click is leaving the app for `url`.
    @discardableResult
    public func externalAppOpening(url: String) throws(SessionError) -> [SessionEvent] {
        try send(.externalAppOpening(url: url))
    }

    /// The user earned the reward.
    @discardableResult
    public func rewardEarned() throws(SessionError) -> [SessionEvent] { try send(.rewardEarned) }

    /// The ad's time to live passed before it was shown.
    @discardableResult
    public func expired() throws(SessionError) -> [SessionEvent] { try send(.expired) }

    /// The ad could not be rendered: the Error URLs fire with `code`.
    @discardableResult
    public func renderFailed(_ code: VASTErrorCode) throws(SessionError) -> [SessionEvent] {
        try send(.renderFailed(errorCode: code.rawValue))
    }

    /// The host removed the ad for good: the viewability verdict if none fired; later inputs are ignored.
    @discardableResult
    public func ended() throws(SessionError) -> [SessionEvent] { try send(.ended) }

    /// The player knows the media's duration, in seconds.
    @discardableResult
    public func durationUpdated(_ duration: TimeInterval) throws(SessionError) -> [SessionEvent] {
        try send(.durationUpdated(duration))
    }

    /// The playhead moved to `position` seconds; `duration` when the player knows it.
    @discardableResult
    public func progressed(to position: TimeInterval, duration: TimeInterval? = nil) throws(SessionError)
        -> [SessionEvent]
    {
        try send(.progressed(position: position, duration: duration))
    }

    /// Playback paused.
    @discardableResult
    public func paused() throws(SessionError) -> [SessionEvent] { try send(.paused) }

    /// Playback resumed.
    @discardableResult
    public func resumed() throws(SessionError) -> [SessionEvent] { try send(.resumed) }

    /// The player was muted.
    @discardableResult
    public func muted() throws(SessionError) -> [SessionEvent] { try send(.muted) }

    /// The player was unmuted.
    @discardableResult
    public func unmuted() throws(SessionError) -> [SessionEvent] { try send(.unmuted) }

    /// The player grew without a unit presentation (an in-feed player going fullscreen).
    @discardableResult
    public func playerExpanded() throws(SessionError) -> [SessionEvent] { try send(.playerExpanded) }

    /// The player shrank back.
    @discardableResult
    public func playerCollapsed() throws(SessionError) -> [SessionEvent] { try send(.playerCollapsed) }

    /// The user tapped skip.
    @discardableResult
    public func skipRequested() throws(SessionError) -> [SessionEvent] { try send(.skipRequested) }

    /// The user closed the ad.
    @discardableResult
    public func closeRequested() throws(SessionError) -> [SessionEvent] { try send(.closeRequested) }

    /// Playback reached the end.
    @discardableResult
    public func playbackCompleted() throws(SessionError) -> [SessionEvent] { try send(.playbackCompleted) }

    /// Playback stopped for good with `error` (its code fills `[ERRORCODE]`).
    @discardableResult
    public func playbackInterrupted(_ error: AdPlaybackError) throws(SessionError) -> [SessionEvent] {
        try send(.playbackInterrupted(error))
    }

    /// Companion `index` of ``companions`` is on screen: its creativeView, once.
    @discardableResult
    public func companionShown(_ index: Int) throws(SessionError) -> [SessionEvent] {
        try send(.companionShown(index: index))
    }

    /// Companion `index` was tapped: its click-through and CompanionClickTracking.
    @discardableResult
    public func companionClicked(_ index: Int) throws(SessionError) -> [SessionEvent] {
        try send(.companionClicked(index: index))
    }

    /// Icon `index` of ``icons`` is on screen: its IconViewTracking, once.
    @discardableResult
    public func iconShown(_ index: Int) throws(SessionError) -> [SessionEvent] { try send(.iconShown(index: index)) }

    /// Icon `index` was tapped: its click-through and IconClickTracking.
    @discardableResult
    public func iconClicked(_ index: Int) throws(SessionError) -> [SessionEvent] {
        try send(.iconClicked(index: index))
    }

    /// The percentage of the ad's pixels on screen (0 to 100), from the app's view hierarchy.
    @discardableResult
    public func exposureChanged(percent: Double) throws(SessionError) -> [SessionEvent] {
        try send(.exposureChanged(percent: percent))
    }

    /// Time passed with nothing else to report: lets a display ad's second of exposure be judged.
    @discardableResult
    public func timePassed() throws(SessionError) -> [SessionEvent] { try send(.timePassed) }

    /// An MRAID command or host report.
    @discardableResult
    public func mraid(_ input: MRAIDInput) throws(SessionError) -> [SessionEvent] { try send(.mraid(input)) }

    /// Verification `index` of ``verifications`` could not run: its verificationNotExecuted, once.
    @discardableResult
    public func verificationNotExecuted(_ index: Int, reason: VerificationFailureReason) throws(SessionError)
        -> [SessionEvent]
    {
        try send(.verificationNotExecuted(index: index, reason: reason))
    }

    /// A NonLinear (overlay) input.
    @discardableResult
    public func nonLinear(_ input: NonLinearInput) throws(SessionError) -> [SessionEvent] {
        try send(.nonLinear(input))
    }
}
