public import FoundationEssentials
import Synchronization

/// The clock of a ``VirtualPlayer``: the time a session stamps on each input (`[TIMESTAMP]`, viewability
/// spans), moved forward by the player as its playback advances, so a 20 s play runs at once.
///
/// Give ``read`` to the session you make (`AdSession(…, clock: clock.read)`, `ad.makeSession(clock:
/// clock.read)`), then the same clock to the player. Safe from any thread (a lock guards the instant).
public final class VirtualClock: Sendable {
    private let instant: Mutex<Date>

    /// A clock showing `start`.
    public init(_ start: Date) { instant = Mutex(start) }

    /// The time it shows.
    public var now: Date {
        get { instant.withLock { $0 } }
        set { instant.withLock { $0 = newValue } }
    }

    /// A closure reading the clock, for a session's `clock:` parameter.
    public var read: @Sendable () -> Date { { [self] in now } }
}
