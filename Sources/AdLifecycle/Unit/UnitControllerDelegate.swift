/// Something that can host a fullscreen or modal view: on iOS, a wrapper around the view controller
/// to present from. Opaque to the engine.
@MainActor
public protocol PresentationHost: AnyObject {}

/// Receives a unit's callbacks, in the session's order, on the main actor (the names follow DT Exchange's
/// `IAUnitDelegate`; docs/library.md maps each).
///
/// Every method has a default no-op implementation, so a delegate implements only what it needs.
/// The controller holds its delegate weakly.
@MainActor
public protocol UnitControllerDelegate: AnyObject {
    /// The host for fullscreen and modal views; `nil` (the default) makes a fullscreen request fail
    /// with `noPresentationHost`.
    func presentationHost(for controller: UnitController) -> (any PresentationHost)?
    /// The impression will be logged: the ad is rendered and visible. At most once.
    func unitControllerWillLogImpression(_ controller: UnitController)
    /// The ad was clicked; open `url` (the click-through, macros expanded) if there is one.
    func unitController(_ controller: UnitController, didClickOpening url: String?)
    /// Fullscreen presentation starts.
    func unitControllerWillPresentFullscreen(_ controller: UnitController)
    /// Fullscreen presentation finished.
    func unitControllerDidPresentFullscreen(_ controller: UnitController)
    /// Fullscreen dismissal starts.
    func unitControllerWillDismissFullscreen(_ controller: UnitController)
    /// Fullscreen dismissal finished: the unit is done.
    func unitControllerDidDismissFullscreen(_ controller: UnitController)
    /// The app is about to open another app for `url`.
    func unitController(_ controller: UnitController, willOpenExternalApp url: String)
    /// The user earned the reward.
    func unitControllerDidReward(_ controller: UnitController)
    /// The ad expired before it was shown.
    func unitControllerDidExpire(_ controller: UnitController)
    /// The ad failed with `errorCode`.
    func unitController(_ controller: UnitController, didFailWithErrorCode errorCode: Int)
    /// Companion `index` was tapped; open `url` (its CompanionClickThrough, macros expanded) if there is one.
    func unitController(_ controller: UnitController, didClickCompanionAt index: Int, opening url: String?)
}

extension UnitControllerDelegate {
    public func presentationHost(for controller: UnitController) -> (any PresentationHost)? { nil }
    public func unitControllerWillLogImpression(_ controller: UnitController) {}
    public func unitController(_ controller: UnitController, didClickOpening url: String?) {}
    public func unitControllerWillPresentFullscreen(_ controller: UnitController) {}
    public func unitControllerDidPresentFullscreen(_ controller: UnitController) {}
    public func unitControllerWillDismissFullscreen(_ controller: UnitController) {}
    public func unitControllerDidDismissFullscreen(_ controller: UnitController) {}
    public func unitController(_ controller: UnitController, willOpenExternalApp url: String) {}
    public func unitControllerDidReward(_ controller: UnitController) {}
    public func unitControllerDidExpire(_ controller: UnitController) {}
    public func unitController(_ controller: UnitController, didFailWithErrorCode errorCode: Int) {}
    public func unitController(_ controller: UnitController, didClickCompanionAt index: Int, opening url: String?) {}
}
