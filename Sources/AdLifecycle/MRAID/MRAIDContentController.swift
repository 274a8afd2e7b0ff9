/// The thin owner of an ``MRAIDLifecycle``: feeds it the creative's commands and the host's reports,
/// calls the delegate, and publishes every action on ``observations``.
///
/// `@MainActor`: MRAID bridges run on the web view's (main) thread. A refused command throws an
/// ``MRAIDError``; the bridge sends it to the creative as `error(message, action)`.
@MainActor
public final class MRAIDContentController {
    /// The state machine (read-only from outside).
    public private(set) var lifecycle: MRAIDLifecycle
    /// The delegate, held weakly.
    public weak var delegate: (any MRAIDContentControllerDelegate)?
    /// Every action, in order, for recorders. Finishes when the controller is released.
    public nonisolated let observations: AsyncStream<MRAIDAction>

    private let continuation: AsyncStream<MRAIDAction>.Continuation
    private let queue: ActionQueue<MRAIDCallback>

    /// Creates a controller in `loading`.
    /// - Parameters:
    ///   - placement: inline or interstitial.
    ///   - geometry: the screen, max-size area and default frame.
    ///   - delegate: the delegate, held weakly.
    public init(
        placement: MRAIDPlacement, geometry: MRAIDGeometry, delegate: (any MRAIDContentControllerDelegate)? = nil
    ) {
        lifecycle = MRAIDLifecycle(placement: placement, geometry: geometry)
        self.delegate = delegate
        (observations, continuation) = AsyncStream.makeStream(of: MRAIDAction.self)
        queue = ActionQueue(continuation: continuation, beaconSink: { _ in })
    }

    deinit { continuation.finish() }

    /// Sends one input and executes its callbacks.
    /// - Throws: ``MRAIDError``; nothing was executed and the state is unchanged.
    @discardableResult
    public func send(_ input: MRAIDInput) throws(MRAIDError) -> [MRAIDAction] {
        let actions = try lifecycle.send(input)
        queue.run(actions, deliver: deliver)
        return actions
    }

    /// The ad's default frame moved (layout change); later resizes are relative to it.
    public func defaultFrameChanged(_ frame: Rect) { lifecycle.geometry.defaultFrame = frame }

    /// The container is ready.
    public func containerReady() throws(MRAIDError) { try send(.containerReady) }
    /// Viewability changed.
    public func viewabilityChanged(_ isViewable: Bool) throws(MRAIDError) {
        try send(.viewabilityChanged(isViewable: isViewable))
    }
    /// `setResizeProperties`.
    public func resizePropertiesSet(_ properties: ResizeProperties) throws(MRAIDError) {
        try send(.resizePropertiesSet(properties))
    }
    /// `resize()`.
    public func resizeRequested() throws(MRAIDError) { try send(.resizeRequested) }
    /// The host finished resizing.
    public func resizeFinished() throws(MRAIDError) { try send(.resizeFinished) }
    /// `expand()` to `frame`.
    public func expandRequested(frame: Rect) throws(MRAIDError) { try send(.expandRequested(frame: frame)) }
    /// The host finished expanding.
    public func expandFinished() throws(MRAIDError) { try send(.expandFinished) }
    /// `close()`.
    public func closeRequested() throws(MRAIDError) { try send(.closeRequested) }
    /// The host finished collapsing.
    public func collapseFinished() throws(MRAIDError) { try send(.collapseFinished) }
    /// `unload()`.
    public func unloadRequested() throws(MRAIDError) { try send(.unloadRequested) }

    private func deliver(_ callback: MRAIDCallback) {
        guard let delegate else { return }
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
