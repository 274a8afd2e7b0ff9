import AdPlacement
import FoundationEssentials
import Synchronization

/// The placement policy's pacing memory, behind a lock shared by the engine and every session it made.
///
/// An impression is recorded synchronously, inside the session input that logged it, so a `getAd` that
/// starts after that input returned always sees it (no task hop in between can let a call slip past a
/// cap). Per-presentation state is keyed by handle inside the pure policy; this class only serialises.
final class PacingLedger: Sendable {
    private let policy: Mutex<PlacementPolicy>

    init(settings: TenantSettings) { policy = Mutex(PlacementPolicy(settings: settings)) }

    func decide(
        request: AdRequestInfo, in handle: PresentationHandle, now: Date
    ) throws(PresentationError) -> PlacementDecision {
        try apply { policy throws(PresentationError) in try policy.decide(request: request, in: handle, now: now) }
    }

    func adShown(_ placement: Placement, in handle: PresentationHandle, at time: Date) {
        policy.withLock { $0.adShown(placement: placement, in: handle, at: time) }
    }

    func sessionStarted() { policy.withLock { $0.sessionStarted() } }

    /// Opens `handle`, or, when `handle` is nil, the first free `presentation-N` from `counter` on.
    func open(
        _ handle: PresentationHandle?, counter: Int, kind: AdProduct, collectionId: String?,
        configuration: ClipsAdConfiguration?
    ) throws(PresentationError) -> (handle: PresentationHandle, counter: Int) {
        try apply { policy throws(PresentationError) in
            var next = counter
            var chosen = handle ?? PresentationHandle(id: "presentation-\(next)")
            if handle == nil {
                while policy.state.presentation(chosen) != nil {
                    next &+= 1
                    chosen = PresentationHandle(id: "presentation-\(next)")
                }
                next &+= 1
            }
            try policy.presentationOpened(chosen, kind: kind, collectionId: collectionId, configuration: configuration)
            return (chosen, next)
        }
    }

    func itemViewed(in handle: PresentationHandle) throws(PresentationError) {
        try apply { policy throws(PresentationError) in try policy.itemViewed(in: handle) }
    }

    func reloaded(_ handle: PresentationHandle) throws(PresentationError) {
        try apply { policy throws(PresentationError) in try policy.presentationReloaded(handle) }
    }

    func configured(_ handle: PresentationHandle, with configuration: ClipsAdConfiguration?) throws(PresentationError) {
        try apply { policy throws(PresentationError) in try policy.presentationConfigured(handle, with: configuration) }
    }

    func closed(_ handle: PresentationHandle) throws(PresentationError) {
        try apply { policy throws(PresentationError) in try policy.presentationClosed(handle) }
    }

    /// The single-presentation start: the default presentation starts over with `configuration`.
    func defaultPresentationStarted(_ configuration: ClipsAdConfiguration?) {
        policy.withLock { policy in
            policy.presentationStarted()
            // The default presentation is always open, so this cannot throw.
            try? policy.presentationConfigured(.default, with: configuration)
        }
    }

    /// Runs `change` under the lock; a thrown error leaves the policy as it was (each input checks first).
    private func apply<T: Sendable>(
        _ change: (inout PlacementPolicy) throws(PresentationError) -> T
    ) throws(PresentationError) -> T {
        let result: Result<T, PresentationError> = policy.withLock { policy in
            do throws(PresentationError) {
                return .success(try change(&policy))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
