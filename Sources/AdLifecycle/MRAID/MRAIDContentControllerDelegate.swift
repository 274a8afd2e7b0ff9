/// Receives an MRAID container's callbacks, in the contract's order, on the main actor.
///
/// Every method has a default no-op implementation. The controller holds its delegate weakly.
@MainActor
public protocol MRAIDContentControllerDelegate: AnyObject {
    /// A resize to `frame` starts; resize the web view, then call `resizeFinished()`.
    func mraidController(_ controller: MRAIDContentController, willResizeTo frame: Rect)
    /// The resize finished.
    func mraidController(_ controller: MRAIDContentController, didResizeTo frame: Rect)
    /// An expand to `frame` starts; expand, then call `expandFinished()`.
    func mraidController(_ controller: MRAIDContentController, willExpandTo frame: Rect)
    /// The expand finished.
    func mraidController(_ controller: MRAIDContentController, didExpandTo frame: Rect)
    /// A collapse starts; `origin` says whether it ends a resize or an expand. Call `collapseFinished()`.
    func mraidController(_ controller: MRAIDContentController, willCollapseFrom origin: CollapseOrigin)
    /// The collapse finished.
    func mraidController(_ controller: MRAIDContentController, didCollapseFrom origin: CollapseOrigin)
    /// The MRAID state changed: tell the creative (`stateChange`).
    func mraidController(_ controller: MRAIDContentController, didChangeState state: MRAIDState)
    /// Viewability changed: tell the creative (`exposureChange`).
    func mraidController(_ controller: MRAIDContentController, didChangeViewability isViewable: Bool)
    /// The container was unloaded.
    func mraidControllerDidUnload(_ controller: MRAIDContentController)
}

extension MRAIDContentControllerDelegate {
    public func mraidController(_ controller: MRAIDContentController, willResizeTo frame: Rect) {}
    public func mraidController(_ controller: MRAIDContentController, didResizeTo frame: Rect) {}
    public func mraidController(_ controller: MRAIDContentController, willExpandTo frame: Rect) {}
    public func mraidController(_ controller: MRAIDContentController, didExpandTo frame: Rect) {}
    public func mraidController(_ controller: MRAIDContentController, willCollapseFrom origin: CollapseOrigin) {}
    public func mraidController(_ controller: MRAIDContentController, didCollapseFrom origin: CollapseOrigin) {}
    public func mraidController(_ controller: MRAIDContentController, didChangeState state: MRAIDState) {}
    public func mraidController(_ controller: MRAIDContentController, didChangeViewability isViewable: Bool) {}
    public func mraidControllerDidUnload(_ controller: MRAIDContentController) {}
}
