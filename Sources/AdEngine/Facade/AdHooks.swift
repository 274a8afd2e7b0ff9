import AdLifecycle
import AdPlacement
import AdTransport
import FoundationEssentials

/// What an ad's session (and the controllers that are views of it) report to the engine, synchronously and in order: beacons for
/// the store (through the bounded buffer), analytics events, and impressions for pacing.
struct AdHooks: Sendable {
    let buffer: BeaconBuffer
    let events: EventBroadcast<AdEngineEvent>
    let ledger: PacingLedger
    let placement: Placement
    /// The presentation that asked for the ad: its impression counts there and for the session.
    let presentation: PresentationHandle
    let clock: @Sendable () -> Date

    /// Turns lifecycle beacons into transport beacons and queues them as one batch.
    func send(_ requests: [BeaconRequest]) {
        buffer.append(
            requests.map { Beacon(url: $0.url, event: $0.dedupeEvent, adInstance: $0.adInstanceID, hop: $0.hop) })
    }

    /// Counts an impression toward the placement's caps, before the input that logged it returns.
    func impressionLogged(at time: Date) { ledger.adShown(placement, in: presentation, at: time) }

    func emit(_ kind: AdEngineEvent.Kind, context: AdEventContext) {
        events.yield(AdEngineEvent(kind: kind, context: context, date: clock()))
    }

    /// The analytics event of a session callback, if it has one.
    static func kind(of callback: SessionCallback) -> AdEngineEvent.Kind? {
        switch callback {
        case .unit(.impressionWillBeLogged): .impression
        case .unit(.clicked(let url)), .unit(.companionClicked(_, let url)), .video(.iconClicked(_, let url)),
            .nonLinearClicked(let url):
            .clicked(url: url)
        case .video(.started): .started
        case .video(.paused): .paused
        case .video(.resumed): .resumed
        case .video(.interrupted(let error)): .interrupted(error)
        case .viewability(let verdict): .viewability(verdict)
        case .video(.quartileReached(let quartile)):
            .quartile((Quartile.allCases.firstIndex(of: quartile) ?? 0) + 1)
        case .video(.completed): .completed
        case .video(.skipped): .skipped
        case .video(.closed), .nonLinear(.closed): .closed
        case .unit(.didDismissFullscreen): .dismissed
        case .breakStarted(let count): .breakStarted(adCount: count)
        case .adStarted(let position, let count): .adStarted(position: position, count: count)
        case .adEnded(let position, let count): .adEnded(position: position, count: count)
        case .breakEnded: .breakEnded
        default: nil
        }
    }
}
