import AdLifecycle
import Synchronization

/// The one play of an ad `getAd` returned, shared by every copy of the `Ad` value: the session, break or
/// controllers made for it.
///
/// An ad is one instance: its beacons share one instance id, so the dispatcher sends each once however
/// many times it was played, while caps and analytics would count every play. Making the play once keeps
/// the two equal (ORDERING.md `one-play`).
final class AdPlay: Sendable {
    private enum Made {
        case session(AdSession)
        case controllers(SessionControllers)
        case adBreak
    }

    private let made = Mutex<Made?>(nil)

    /// Makes the ad's session with `make`, the first time only.
    /// - Throws: `alreadyPlayed` when the ad has its play already; what `make` throws.
    func session(_ make: () throws(SessionError) -> AdSession) throws(SessionError) -> AdSession {
        try made.withLock { made throws(SessionError) -> AdSession in
            guard made == nil else { throw SessionError(.alreadyPlayed) }
            let session = try make()
            made = .session(session)
            return session
        }
    }

    /// Marks the ad played as a break, the first time only.
    /// - Throws: `alreadyPlayed` when the ad has its play already.
    func adBreak() throws(SessionError) {
        try made.withLock { made throws(SessionError) in
            guard made == nil else { throw SessionError(.alreadyPlayed) }
            made = .adBreak
        }
    }

    /// The controllers of the ad's session: those made before, views over the session `makeSession`
    /// made, or new ones over a session `make` makes.
    /// - Throws: `alreadyPlayed` when the ad was played as a break; what `make` throws.
    @MainActor
    func controllers(_ make: () throws(SessionError) -> AdSession) throws(SessionError) -> SessionControllers {
        try made.withLock { made throws(SessionError) -> SessionControllers in
            switch made {
            case .controllers(let controllers):
                return controllers
            case .session(let session):
                let controllers = SessionControllers(session: session)
                made = .controllers(controllers)
                return controllers
            case .adBreak:
                throw SessionError(.alreadyPlayed)
            case nil:
                let controllers = SessionControllers(session: try make())
                made = .controllers(controllers)
                return controllers
            }
        }
    }
}
