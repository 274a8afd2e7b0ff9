/// How long a beacon waits before it is sent again: capped exponential backoff with jitter.
///
/// The ceiling before retry *n* (1 = the first retry) is `min(cap, base × 2^(n-1))`; with
/// ``Jitter-swift.enum/full`` the wait is drawn uniformly from zero to that ceiling (AWS's
/// "full jitter", which spreads the retries of many clients that failed together), with
/// ``Jitter-swift.enum/none`` it is the ceiling itself.
public struct BeaconBackoff: Sendable, Hashable {
    /// How the wait is drawn below its ceiling.
    public enum Jitter: String, Sendable, Hashable {
        /// The ceiling itself: deterministic, for tests and for one client alone.
        case none
        /// Uniform between zero and the ceiling.
        case full
    }

    /// The ceiling before the first retry (default 1 s).
    public var base: Duration
    /// The largest ceiling (default 60 s).
    public var cap: Duration
    /// How the wait is drawn (default ``Jitter-swift.enum/full``).
    public var jitter: Jitter

    /// Creates a backoff policy.
    public init(base: Duration = .seconds(1), cap: Duration = .seconds(60), jitter: Jitter = .full) {
        self.base = base
        self.cap = cap
        self.jitter = jitter
    }

    /// The wait before retry number `retry` (1 = the first retry).
    ///
    /// - Parameters:
    ///   - retry: the retry about to be scheduled, from 1.
    ///   - unit: a random number in `0..<1`, used by full jitter.
    /// - Returns: a wait between zero and the cap.
    public func delay(beforeRetry retry: Int, unit: Double) -> Duration {
        let doublings = min(max(retry - 1, 0), 62)
        let baseMilliseconds = base.milliseconds
        let capMilliseconds = cap.milliseconds
        let ceiling =
            baseMilliseconds > capMilliseconds >> Int64(doublings)
            ? capMilliseconds : baseMilliseconds << Int64(doublings)
        switch jitter {
        case .none: return .milliseconds(ceiling)
        case .full: return .milliseconds(Int64(Double(ceiling) * min(max(unit, 0), 1)))
        }
    }
}
