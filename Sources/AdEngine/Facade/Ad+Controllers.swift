public import AdLifecycle
import Foundation

extension Ad {
    /// Makes the controller for the ad unit (impression, clicks, fullscreen presentation).
    ///
    /// Its beacons go to the engine's durable dispatcher; impressions, clicks and dismissals also
    /// go to the engine's ``AdEngine/events`` stream, and an impression counts toward the
    /// placement's frequency caps.
    @MainActor
    public func makeUnitController(delegate: (any UnitControllerDelegate)? = nil) -> UnitController {
        let hooks = self.hooks
        let controller = UnitController(plan: plan, delegate: delegate, clock: hooks.clock) { hooks.send($0) }
        let context = self.context
        let observations = controller.observations
        Task {
            for await action in observations {
                guard case .callback(let callback) = action else { continue }
                switch callback {
                case .impressionWillBeLogged:
                    hooks.impressionLogged()
                    hooks.emit(.impression, context: context)
                case .clicked(let url): hooks.emit(.clicked(url: url), context: context)
                case .didDismissFullscreen: hooks.emit(.dismissed, context: context)
                default: break
                }
            }
        }
        return controller
    }

    /// Makes the controller for the ad's video (progress, quartiles, completion, skip).
    @MainActor
    public func makeVideoController(startsMuted: Bool = false, delegate: (any VideoContentControllerDelegate)? = nil)
        -> VideoContentController
    {
        let hooks = self.hooks
        let controller = VideoContentController(
            plan: plan, startsMuted: startsMuted, delegate: delegate, clock: hooks.clock) { hooks.send($0) }
        let context = self.context
        let observations = controller.observations
        Task {
            for await action in observations {
                guard case .callback(let callback) = action else { continue }
                switch callback {
                case .quartileReached(let quartile):
                    hooks.emit(.quartile(Quartile.allCases.firstIndex(of: quartile).map { $0 + 1 } ?? 0), context: context)
                case .completed: hooks.emit(.completed, context: context)
                case .skipped: hooks.emit(.skipped, context: context)
                default: break
                }
            }
        }
        return controller
    }
}
