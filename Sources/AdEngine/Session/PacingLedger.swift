import AdPlacement
import Foundation
import Synchronization

/// The placement policy's pacing memory, behind a lock shared by the engine and every session it made.
///
/// An impression is recorded synchronously, inside the session input that logged it, so a `getAd` that
/// starts after that input returned always sees it (no task hop in between can let a call slip past a
/// cap).
final class PacingLedger: Sendable {
    private let policy: Mutex<PlacementPolicy>

    init(settings: TenantSettings) { policy = Mutex(PlacementPolicy(settings: settings)) }

    func decide(request: AdRequestInfo, presentation: ClipsAdConfiguration?, now: Date) -> PlacementDecision {
        policy.withLock { $0.decide(request: request, presentation: presentation, now: now) }
    }

    func adShown(_ placement: Placement, at time: Date) {
        policy.withLock { $0.adShown(placement: placement, at: time) }
    }

    func sessionStarted() { policy.withLock { $0.sessionStarted() } }

    func presentationStarted() { policy.withLock { $0.presentationStarted() } }

    func itemViewed() { policy.withLock { $0.itemViewed() } }
}
