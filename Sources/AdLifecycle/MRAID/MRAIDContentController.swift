/// The MRAID container of an ``AdSession`` as a controller: the creative's commands and the container's
/// reports as calls, MRAID's callbacks through a delegate.
///
/// A view of the session (see ``SessionControllers``): each call is `session.send(.mraid(_:))`, so the
/// session's rules hold (viewability follows the exposure the host reports; resize, expand and close
/// wait for the first exposure report). Made by ``SessionControllers/mraid``; the session needs an MRAID
/// container (`AdSessionConfiguration.mraid`). `@MainActor`: MRAID bridges run on the web view's thread.
/// A refused command throws a ``SessionError`` whose `action` names it; the bridge sends it to the
/// creative as `error(message, action)`.
@MainActor
public final class MRAIDContentController {
    /// The views this controller is one of; it keeps them (and the session) alive.
    public let controllers: SessionControllers
    /// The delegate, held weakly (by the controllers, so it stays when this view is released). Without one,
    /// callbacks are dropped; beacons are still sent.
    public var delegate: (any MRAIDContentControllerDelegate)? {
        get { controllers.mraidDelegate }
        set { controllers.mraidDelegate = newValue }
    }

    init(controllers: SessionControllers) { self.controllers = controllers }

    /// The session this controller is a view of.
    public var session: AdSession { controllers.session }
    /// The container's state machine, as the session holds it (a copy); `nil` without a container.
    public var lifecycle: MRAIDLifecycle? { session.lifecycle.mraid }

    /// Sends one MRAID input to the session and delivers its callbacks.
    /// - Returns: the session events it caused, in firing order.
    /// - Throws: ``SessionError``; nothing changed.
    @discardableResult
    public func send(_ input: MRAIDInput) throws(SessionError) -> [SessionEvent] {
        try controllers.send(.mraid(input))
    }

    /// The ad's default frame moved (layout change); later resizes are relative to it.
    public func defaultFrameChanged(_ frame: Rect) throws(SessionError) { try send(.defaultFrameChanged(frame)) }
    /// The container is ready.
    public func containerReady() throws(SessionError) { try send(.containerReady) }
    /// `setResizeProperties`.
    public func resizePropertiesSet(_ properties: ResizeProperties) throws(SessionError) {
        try send(.resizePropertiesSet(properties))
    }
    /// `resize()`.
    public func resizeRequested() throws(SessionError) { try send(.resizeRequested) }
    /// The host finished resizing.
    public func resizeFinished() throws(SessionError) { try send(.resizeFinished) }
    /// `expand()` to `frame`.
    public func expandRequested(frame: Rect) throws(SessionError) { try send(.expandRequested(frame: frame)) }
    /// The host finished expanding.
    public func expandFinished() throws(SessionError) { try send(.expandFinished) }
    /// `close()`.
    public func closeRequested() throws(SessionError) { try send(.closeRequested) }
    /// The host finished collapsing.
    public func collapseFinished() throws(SessionError) { try send(.collapseFinished) }
    /// `unload()`.
    public func unloadRequested() throws(SessionError) { try send(.unloadRequested) }

    func deliver(_ callback: MRAIDCallback, to delegate: any MRAIDContentControllerDelegate) {
        switch callback {
        case .stateChanged(let state): delegate.mraidController(self, didChangeState: state)
        case .viewabilityChanged(let isViewable): delegate.mraidController(self, didChangeViewability: isViewable)
        case .willResize(let frame): delegate.mraidController(self, willResizeTo: frame)
        case .didResize(let frame): delegate.mraidController(self, didResizeTo: frame)
        case .willExpand(let frame): delegate.mraidController(self, willExpandTo: frame)
        case .didExpand(let frame): delegate.mraidController(self, didExpandTo: frame)
        case .willCollapse(let origin): delegate.mraidController(self, willCollapseFrom: origin)
        case .didCollapse(let origin): delegate.mraidController(self, didCollapseFrom: origin)
        case .unloaded: delegate.mraidControllerDidUnload(self)
        }
    }
}
