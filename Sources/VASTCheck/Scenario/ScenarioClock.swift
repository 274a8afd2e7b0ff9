import FoundationEssentials
import Synchronization

/// The scenario's clock: it stands still between `wait` steps, so every decision's time is the
/// scenario's own and two runs print the same.
final class ScenarioClock: Sendable {
    /// Where scenario time 0 is: 2026-01-01T00:00:00Z.
    static let origin = Date(timeIntervalSince1970: 1_767_225_600)

    private let elapsed = Mutex(0.0)

    /// Seconds since the scenario started.
    var seconds: Double { elapsed.withLock { $0 } }

    /// The time now.
    func now() -> Date { Self.origin.addingTimeInterval(seconds) }

    /// Moves the clock on by `seconds` (at most a day per step and 1,000 steps, so the sum stays small).
    func advance(by seconds: Int) { elapsed.withLock { $0 += Double(seconds) } }
}
