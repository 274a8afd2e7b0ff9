import AdLifecycle
import AdResolution
import AdTransport
import FoundationEssentials
import VAST

/// Sends a refused creative's IAB code to every Error URL of its ad's chain, through the engine's
/// beacon buffer and durable dispatcher (the path `getAd`'s own error pixels take).
struct CreativeErrorPixels: Sendable {
    let buffer: BeaconBuffer
    let macros: VASTMacroContext
    /// The request's id: the ad instance the pixels are stored under.
    let instance: String
    let clock: @Sendable () -> Date
    /// The call's gate: once its presentation or the engine closed, nothing of it is sent.
    let gate: GatedBeaconSink

    /// Sends `code` (`[ERRORCODE]`) to `ad`'s Error URLs; nothing when there is no code (a failure
    /// that is the cache's own, or a cancelled call).
    func fire(for ad: ResolvedAd, code: VASTErrorCode?) {
        guard let code, gate.isOpen else { return }
        let plan = TrackingPlan(ad: ad, adInstanceID: instance, macros: macros)
        let moment = BeaconMoment(now: clock(), errorCode: code)
        buffer.append(
            plan.beacons(event: "error", urls: plan.errors, usage: .error, at: moment).map { request in
                Beacon(url: request.url, event: request.dedupeEvent, adInstance: request.adInstanceID, hop: request.hop)
            })
    }
}
