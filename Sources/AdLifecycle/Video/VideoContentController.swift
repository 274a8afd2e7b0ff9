public import FoundationEssentials
public import VAST

/// The video of an ``AdSession`` as a controller: the player's reports as calls, the video's callbacks
/// through a delegate with DT Exchange-style names.
///
/// A view of the session (see ``SessionControllers``): each call is `session.send(.video(_:))`, so the
/// session's rules hold (the impression before start, quartiles from the VAST `<Duration>` while the
/// player reports none, the player expanding with the fullscreen unit). Made by
/// ``SessionControllers/video`` (or `Ad.makeVideoController(startsMuted:delegate:)`). `@MainActor`:
/// player callbacks arrive on the main thread.
@MainActor
public final class VideoContentController {
    /// The views this controller is one of; it keeps them (and the session) alive.
    public let controllers: SessionControllers
    /// The delegate, held weakly (by the controllers, so it stays when this view is released). Without one,
    /// callbacks are dropped; beacons are still sent.
    public var delegate: (any VideoContentControllerDelegate)? {
        get { controllers.videoDelegate }
        set { controllers.videoDelegate = newValue }
    }

    init(controllers: SessionControllers) { self.controllers = controllers }

    /// The session this controller is a view of.
    public var session: AdSession { controllers.session }
    /// The video's state machine, as the session holds it (a copy); `nil` when the ad is not linear.
    public var lifecycle: VideoLifecycle? { session.lifecycle.video }

    /// Sends one player report to the session and delivers its callbacks.
    /// - Returns: the session events it caused, in firing order.
    /// - Throws: ``SessionError`` (`notLinear` for an ad that is not a video); nothing changed.
    @discardableResult
    public func send(_ input: VideoInput) throws(SessionError) -> [SessionEvent] {
        try controllers.send(.video(input))
    }

    /// The duration is known.
    public func durationUpdated(_ duration: VASTTime) throws(SessionError) {
        try send(.durationUpdated(durationMs: duration.milliseconds))
    }
    /// The playhead moved, with the player's duration when it knows it.
    public func progressed(to position: VASTTime, duration: VASTTime?) throws(SessionError) {
        try send(.progressed(positionMs: position.milliseconds, durationMs: duration?.milliseconds))
    }
    /// The playhead moved, in the seconds players report. - Throws: `invalidTime` for NaN, infinities,
    /// negatives and values past the longest VAST time.
    public func progressed(seconds: TimeInterval, duration: TimeInterval?) throws(SessionError) {
        let input: VideoInput
        do throws(LifecycleError) {
            input = try .progressed(seconds: seconds, duration: duration)
        } catch {
            throw SessionError(error)
        }
        try send(input)
    }
    /// Paused.
    public func paused() throws(SessionError) { try send(.paused) }
    /// Resumed.
    public func resumed() throws(SessionError) { try send(.resumed) }
    /// Muted.
    public func muted() throws(SessionError) { try send(.muted) }
    /// Unmuted.
    public func unmuted() throws(SessionError) { try send(.unmuted) }
    /// The player went fullscreen.
    public func playerExpanded() throws(SessionError) { try send(.playerExpanded) }
    /// The player left fullscreen.
    public func playerCollapsed() throws(SessionError) { try send(.playerCollapsed) }
    /// The user tapped skip.
    public func skipRequested() throws(SessionError) { try send(.skipRequested) }
    /// The user closed the ad.
    public func closeRequested() throws(SessionError) { try send(.closeRequested) }
    /// Playback reached the end.
    public func playbackCompleted() throws(SessionError) { try send(.playbackCompleted) }
    /// Playback stopped for good with `error`.
    public func playbackInterrupted(_ error: AdPlaybackError) throws(SessionError) {
        try send(.playbackInterrupted(error))
    }
    /// Icon `index` of `session.icons` is on screen.
    public func iconViewed(_ index: Int) throws(SessionError) { try send(.iconViewed(index: index)) }
    /// Icon `index` was tapped.
    public func iconClicked(_ index: Int) throws(SessionError) { try send(.iconClicked(index: index)) }

    func deliver(_ callback: VideoCallback, to delegate: any VideoContentControllerDelegate) {
        switch callback {
        case .durationUpdated(let durationMs): delegate.videoController(self, didUpdateDurationMs: durationMs)
        case .started: delegate.videoControllerDidStart(self)
        case .progressed(let positionMs, let durationMs):
            delegate.videoController(self, didProgressToMs: positionMs, ofMs: durationMs)
        case .quartileReached(let quartile): delegate.videoController(self, didReach: quartile)
        case .paused: delegate.videoControllerDidPause(self)
        case .resumed: delegate.videoControllerDidResume(self)
        case .muted: delegate.videoController(self, didChangeMuted: true)
        case .unmuted: delegate.videoController(self, didChangeMuted: false)
        case .playerExpanded: delegate.videoController(self, didChangePlayerExpanded: true)
        case .playerCollapsed: delegate.videoController(self, didChangePlayerExpanded: false)
        case .skipped: delegate.videoControllerDidSkip(self)
        case .closed: delegate.videoControllerDidClose(self)
        case .completed: delegate.videoControllerDidComplete(self)
        case .interrupted(let error):
            delegate.videoController(self, wasInterruptedWithErrorCode: error.code.rawValue)
        case .iconClicked(let index, let url): delegate.videoController(self, didClickIconAt: index, opening: url)
        }
    }
}
