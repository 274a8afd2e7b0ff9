public import VAST

/// The ad unit of an ``AdSession`` as a controller: the unit's inputs as calls, its callbacks through a
/// delegate with DT Exchange-style names.
///
/// A view of the session (see ``SessionControllers``): each call is `session.send(.unit(_:))`, the state
/// is the session's unit, and the beacons go where the session's go. Made by ``SessionControllers/unit``
/// (or, from an engine's ad, `Ad.makeUnitController(delegate:)`). `@MainActor`: the inputs come from UI
/// callbacks and the delegate presents views.
@MainActor
public final class UnitController {
    /// The views this controller is one of; it keeps them (and the session) alive.
    public let controllers: SessionControllers
    /// The delegate, held weakly (by the controllers, so it stays when this view is released). Without one,
    /// callbacks are dropped; beacons are still sent.
    public var delegate: (any UnitControllerDelegate)? {
        get { controllers.unitDelegate }
        set { controllers.unitDelegate = newValue }
    }

    init(controllers: SessionControllers) { self.controllers = controllers }

    /// The session this controller is a view of.
    public var session: AdSession { controllers.session }
    /// The unit's state machine, as the session holds it (a copy).
    public var lifecycle: UnitLifecycle { session.lifecycle.unit }

    /// Sends one unit input to the session and delivers its callbacks.
    /// - Returns: the session events it caused, in firing order.
    /// - Throws: ``SessionError``; nothing changed.
    @discardableResult
    public func send(_ input: UnitInput) throws(SessionError) -> [SessionEvent] { try controllers.send(.unit(input)) }

    /// Asks for fullscreen: takes the presentation host from the delegate, sends
    /// `fullscreenRequested`, and returns the host to present in; report `fullscreenPresented()` after.
    /// - Throws: `noPresentationHost` when the delegate supplies none (nothing crashes, nothing changes).
    public func requestFullscreen() throws(SessionError) -> any PresentationHost {
        let host = delegate?.presentationHost(for: self)
        try send(.fullscreenRequested(hostAvailable: host != nil))
        guard let host else { throw SessionError(LifecycleError(.noPresentationHost)) }
        return host
    }

    /// The ad was rendered and is visible.
    public func impressionRendered() throws(SessionError) { try send(.impressionRendered) }
    /// The user clicked at `position` (pixels); a linear ad's playhead is the session's unless given.
    public func clicked(at position: ClickPoint? = nil, playhead: VASTTime? = nil) throws(SessionError) {
        try send(.clicked(position: position, playheadMs: playhead?.milliseconds))
    }
    /// The host finished presenting.
    public func fullscreenPresented() throws(SessionError) { try send(.fullscreenPresented) }
    /// The user or app asked to dismiss.
    public func fullscreenDismissRequested() throws(SessionError) { try send(.fullscreenDismissRequested) }
    /// The host finished dismissing.
    public func fullscreenDismissed() throws(SessionError) { try send(.fullscreenDismissed) }
    /// A click is leaving the app for `url`.
    public func externalAppOpening(url: String) throws(SessionError) { try send(.externalAppOpening(url: url)) }
    /// The user earned the reward.
    public func rewardEarned() throws(SessionError) { try send(.rewardEarned) }
    /// The ad's time to live passed.
    public func expired() throws(SessionError) { try send(.expired) }
    /// The ad failed with `code`.
    public func renderFailed(_ code: VASTErrorCode) throws(SessionError) {
        try send(.renderFailed(errorCode: code.rawValue))
    }
    /// Companion `index` of `session.companions` is on screen.
    public func companionViewed(_ index: Int) throws(SessionError) { try send(.companionViewed(index: index)) }
    /// Companion `index` was tapped at `position`.
    public func companionClicked(_ index: Int, at position: ClickPoint? = nil) throws(SessionError) {
        try send(.companionClicked(index: index, position: position))
    }

    func deliver(_ callback: UnitCallback, to delegate: any UnitControllerDelegate) {
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
        case .companionClicked(let index, let url):
            delegate.unitController(self, didClickCompanionAt: index, opening: url)
        }
    }
}
