public import Foundation
public import VAST

/// The thin owner of a ``UnitLifecycle``: feeds it inputs stamped by its clock, calls the delegate,
/// hands beacons to the sink, and publishes every action on ``observations``.
///
/// `@MainActor`: the inputs come from UI callbacks (rendering, taps, view controller transitions) and
/// the delegate presents views, so both sides live on the main thread; the pure lifecycle stays
/// `Sendable` and can be tested anywhere. Actions run in the order the lifecycle returned them, even
/// when a delegate calls back into the controller (see `ActionQueue`).
@MainActor
public final class UnitController {
    /// The state machine (read-only from outside).
    public private(set) var lifecycle: UnitLifecycle
    /// The delegate, held weakly. Without one, callbacks are dropped; beacons are still sent.
    public weak var delegate: (any UnitControllerDelegate)?
    /// Every action, in order, for recorders. Finishes when the controller is released.
    public nonisolated let observations: AsyncStream<UnitAction>

    private let continuation: AsyncStream<UnitAction>.Continuation
    private let queue: ActionQueue<UnitCallback>
    private let clock: @Sendable () -> Date

    /// Creates a controller.
    /// - Parameters:
    ///   - plan: the ad instance's tracking plan.
    ///   - delegate: the delegate, held weakly.
    ///   - clock: stamps each input (fills `[TIMESTAMP]`); default the system clock.
    ///   - observer: receives every action synchronously, in execution order, before the input returns
    ///     (AdEngine's analytics and pacing use it; `observations` is the asynchronous copy).
    ///   - beaconSink: receives each beacon, in order (AdEngine passes the dispatcher's enqueue).
    public init(
        plan: TrackingPlan, delegate: (any UnitControllerDelegate)? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        observer: (@MainActor (UnitAction) -> Void)? = nil,
        beaconSink: @escaping @MainActor (BeaconRequest) -> Void
    ) {
        lifecycle = UnitLifecycle(plan: plan)
        self.delegate = delegate
        self.clock = clock
        (observations, continuation) = AsyncStream.makeStream(of: UnitAction.self)
        queue = ActionQueue(continuation: continuation, beaconSink: beaconSink, observer: observer)
    }

    deinit { continuation.finish() }

    /// Sends one input, stamped with the clock, and executes its actions.
    /// - Returns: the actions executed (for callers that log them).
    /// - Throws: ``LifecycleError``; nothing was executed and the state is unchanged.
    @discardableResult
    public func send(_ input: UnitInput) throws(LifecycleError) -> [UnitAction] {
        let actions = try lifecycle.send(input, at: clock())
        queue.run(actions, deliver: deliver)
        return actions
    }

    /// Asks for fullscreen: takes the presentation host from the delegate, sends
    /// `fullscreenRequested`, and returns the host to present in; report `fullscreenPresented()` after.
    /// - Throws: `noPresentationHost` when the delegate supplies none (nothing crashes, nothing changes).
    public func requestFullscreen() throws(LifecycleError) -> any PresentationHost {
        let host = delegate?.presentationHost(for: self)
        try send(.fullscreenRequested(hostAvailable: host != nil))
        guard let host else { throw LifecycleError(.noPresentationHost) }
        return host
    }

    /// The ad was rendered and is visible.
    public func impressionRendered() throws(LifecycleError) { try send(.impressionRendered) }
    /// The user clicked.
    public func clicked(at position: ClickPoint? = nil, playhead: VASTTime? = nil) throws(LifecycleError) {
        try send(.clicked(position: position, playheadMs: playhead?.milliseconds))
    }
    /// The host finished presenting.
    public func fullscreenPresented() throws(LifecycleError) { try send(.fullscreenPresented) }
    /// The user or app asked to dismiss.
    public func fullscreenDismissRequested() throws(LifecycleError) { try send(.fullscreenDismissRequested) }
    /// The host finished dismissing.
    public func fullscreenDismissed() throws(LifecycleError) { try send(.fullscreenDismissed) }
    /// A click is leaving the app for `url`.
    public func externalAppOpening(url: String) throws(LifecycleError) { try send(.externalAppOpening(url: url)) }
    /// The user earned the reward.
    public func rewardEarned() throws(LifecycleError) { try send(.rewardEarned) }
    /// The ad's time to live passed.
    public func expired() throws(LifecycleError) { try send(.expired) }
    /// The ad failed with `code`.
    public func renderFailed(_ code: VASTErrorCode) throws(LifecycleError) {
        try send(.renderFailed(errorCode: code.rawValue))
    }
    /// A companion was shown.
    public func companionViewed() throws(LifecycleError) { try send(.companionViewed) }
    /// A companion was clicked.
    public func companionClicked() throws(LifecycleError) { try send(.companionClicked) }

    private func deliver(_ callback: UnitCallback) {
        guard let delegate else { return }
        switch callback {
        case .impressionWillBeLogged: delegate.unitControllerWillLogImpression(self)
        case .clicked(let url): delegate.unitController(self, didClickOpening: url)
        case .willPresentFullscreen: delegate.unitControllerWillPresentFullscreen(self)
        case .didPresentFullscreen: delegate.unitControllerDidPresentFullscreen(self)
        case .willDismissFullscreen: delegate.unitControllerWillDismissFullscreen(self)
        case .didDismissFullscreen: delegate.unitControllerDidDismissFullscreen(self)
        case .willOpenExternalApp(let url): delegate.unitController(self, willOpenExternalApp: url)
        case .rewarded: delegate.unitControllerDidReward(self)
        case .expired: delegate.unitControllerDidExpire(self)
        case .failed(let errorCode): delegate.unitController(self, didFailWithErrorCode: errorCode)
        }
    }
}
