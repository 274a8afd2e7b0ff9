public import AdLifecycle
import Foundation

extension Ad {
    /// Makes the controller for the ad unit (impression, clicks, fullscreen presentation).
    ///
    /// Prefer ``makeSession(startsMuted:mraid:clock:observer:)``, which owns the unit, video and shown
    /// parts together. Its beacons go to the engine's durable dispatcher; impressions, clicks and
    /// dismissals also go to the engine's ``AdEngine/events`` stream, synchronously and in order, and an
    /// impression counts toward the placement's frequency caps before the input that logged it returns.
    @MainActor
    public func makeUnitController(delegate: (any UnitControllerDelegate)? = nil) -> UnitController {
        let hooks = self.hooks
        let context = self.context
        let clock = hooks.clock
        return UnitController(
            plan: plan, delegate: delegate, clock: clock,
            observer: { action in
                guard case .callback(let callback) = action else { return }
                if callback == .impressionWillBeLogged { hooks.impressionLogged(at: clock()) }
                if let kind = AdHooks.kind(of: SessionCallback(unit: callback)) { hooks.emit(kind, context: context) }
            },
            beaconSink: { hooks.send([$0]) })
    }

    /// Makes the controller for the ad's video (progress, quartiles, completion, skip).
    ///
    /// Prefer ``makeSession(startsMuted:mraid:clock:observer:)``: the session expands the player when
    /// the unit goes fullscreen, takes the playhead for clicks and uses the VAST Duration for quartiles.
    @MainActor
    public func makeVideoController(startsMuted: Bool = false, delegate: (any VideoContentControllerDelegate)? = nil)
        -> VideoContentController
    {
        let hooks = self.hooks
        let context = self.context
        return VideoContentController(
            plan: plan, startsMuted: startsMuted, delegate: delegate, clock: hooks.clock,
            observer: { action in
                guard case .callback(let callback) = action,
                    let kind = AdHooks.kind(of: SessionCallback(video: callback))
                else { return }
                hooks.emit(kind, context: context)
            },
            beaconSink: { hooks.send([$0]) })
    }
}
