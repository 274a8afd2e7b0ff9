public import Foundation
public import VAST

/// The thin owner of a ``VideoLifecycle``: feeds it the player's reports stamped by its clock, calls
/// the delegate, hands beacons to the sink, and publishes every action on ``observations``.
///
/// `@MainActor` for the same reasons as ``UnitController``: player callbacks arrive on the main thread.
@MainActor
public final class VideoContentController {
    /// The state machine (read-only from outside).
    public private(set) var lifecycle: VideoLifecycle
    /// The delegate, held weakly. Without one, callbacks are dropped; beacons are still sent.
    public weak var delegate: (any VideoContentControllerDelegate)?
    /// Every action, in order, for recorders. Finishes when the controller is released.
    public nonisolated let observations: AsyncStream<VideoAction>

    private let continuation: AsyncStream<VideoAction>.Continuation
    private let queue: ActionQueue<VideoCallback>
    private let clock: @Sendable () -> Date

    /// Creates a controller.
    /// - Parameters:
    ///   - plan: the ad instance's tracking plan.
    ///   - startsMuted: whether the player starts muted.
    ///   - delegate: the delegate, held weakly.
    ///   - clock: stamps each input (fills `[TIMESTAMP]`); default the system clock.
    ///   - observer: receives every action synchronously, in execution order, before the input returns
    ///     (AdEngine's analytics and pacing use it; `observations` is the asynchronous copy).
    ///   - beaconSink: receives each beacon, in order.
    public init(
        plan: TrackingPlan, startsMuted: Bool = false, delegate: (any VideoContentControllerDelegate)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        observer: (@MainActor (VideoAction) -> Void)? = nil,
        beaconSink: @escaping @MainActor (BeaconRequest) -> Void
    ) {
        lifecycle = VideoLifecycle(plan: plan, startsMuted: startsMuted)
        self.delegate = delegate
        self.clock = clock
        (observations, continuation) = AsyncStream.makeStream(of: VideoAction.self)
        queue = ActionQueue(continuation: continuation, beaconSink: beaconSink, observer: observer)
    }

    deinit { continuation.finish() }

    /// Sends one input, stamped with the clock, and executes its actions.
    /// - Throws: ``LifecycleError``; nothing was executed and the state is unchanged.
    @discardableResult
    public func send(_ input: VideoInput) throws(LifecycleError) -> [VideoAction] {
        let actions = try lifecycle.send(input, at: clock())
        queue.run(actions, deliver: deliver)
        return actions
    }

    /// The duration is known.
    public func durationUpdated(_ duration: VASTTime) throws(LifecycleError) {
        try send(.durationUpdated(durationMs: duration.milliseconds))
    }
    /// The playhead moved.
    public func progressed(to position: VASTTime, duration: VASTTime?) throws(LifecycleError) {
        try send(.progressed(positionMs: position.milliseconds, durationMs: duration?.milliseconds))
    }
    /// Paused.
    public func paused() throws(LifecycleError) { try send(.paused) }
    /// Resumed.
    public func resumed() throws(LifecycleError) { try send(.resumed) }
    /// Muted.
    public func muted() throws(LifecycleError) { try send(.muted) }
    /// Unmuted.
    public func unmuted() throws(LifecycleError) { try send(.unmuted) }
    /// The player went fullscreen.
    public func playerExpanded() throws(LifecycleError) { try send(.playerExpanded) }
    /// The player left fullscreen.
    public func playerCollapsed() throws(LifecycleError) { try send(.playerCollapsed) }
    /// The user tapped skip.
    public func skipRequested() throws(LifecycleError) { try send(.skipRequested) }
    /// The user closed the ad.
    public func closeRequested() throws(LifecycleError) { try send(.closeRequested) }
    /// Playback reached the end.
    public func playbackCompleted() throws(LifecycleError) { try send(.playbackCompleted) }
    /// Playback stopped for good with `code`.
    public func playbackInterrupted(_ code: VASTErrorCode) throws(LifecycleError) {
        try send(.playbackInterrupted(errorCode: code.rawValue))
    }
    /// An icon was shown.
    public func iconViewed() throws(LifecycleError) { try send(.iconViewed) }
    /// An icon was clicked.
    public func iconClicked() throws(LifecycleError) { try send(.iconClicked) }

    private func deliver(_ callback: VideoCallback) {
        guard let delegate else { return }
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
        case .interrupted(let errorCode): delegate.videoController(self, wasInterruptedWithErrorCode: errorCode)
        }
    }
}
