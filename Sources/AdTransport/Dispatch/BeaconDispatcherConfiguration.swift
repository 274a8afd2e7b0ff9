/// A ``BeaconDispatcher``'s limits and policies. Every value is checked when the dispatcher
/// is made.
public struct BeaconDispatcherConfiguration: Sendable, Hashable {
    /// Sends in flight at once (default 8). The client's ``HTTPClientConfiguration/maxConnectionsPerHost``
    /// also limits how many of them reach one host together.
    public var maxConcurrentSends: Int
    /// Beacons waiting or being sent (default 10,000). Beacons enqueued beyond it are not
    /// stored and are reported as ``BeaconOutcome/Kind-swift.enum/rejected``.
    public var maxQueued: Int
    /// How long after enqueue a beacon may still be sent (default one hour); then it is
    /// reported as ``BeaconOutcome/Kind-swift.enum/expired``.
    public var timeToLive: Duration
    /// The wait between attempts after a retryable failure.
    public var backoff: BeaconBackoff
    /// The deadline of one send, from its start (default 10 s).
    public var requestTimeout: Duration
    /// The largest response body read from a beacon URL (default 64 KiB); a 2xx with a larger
    /// body still counts as delivered.
    public var maxResponseBytes: Int
    /// Outcomes kept for a slow reader of ``BeaconDispatcher/results`` (default 10,000); past
    /// it, the oldest unread outcomes are dropped from the stream (never from the store).
    public var resultsBufferLimit: Int

    /// Creates a configuration.
    public init(maxConcurrentSends: Int = 8, maxQueued: Int = 10_000, timeToLive: Duration = .seconds(3600),
                backoff: BeaconBackoff = BeaconBackoff(), requestTimeout: Duration = .seconds(10),
                maxResponseBytes: Int = 64 << 10, resultsBufferLimit: Int = 10_000) {
        self.maxConcurrentSends = maxConcurrentSends
        self.maxQueued = maxQueued
        self.timeToLive = timeToLive
        self.backoff = backoff
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.resultsBufferLimit = resultsBufferLimit
    }

    /// The first field that is out of range, named, or `nil`.
    var problem: String? {
        if maxConcurrentSends < 1 { return "maxConcurrentSends must be at least 1" }
        if maxQueued < 1 { return "maxQueued must be at least 1" }
        if timeToLive.milliseconds < 1 { return "timeToLive must be at least 1 ms" }
        if backoff.base.milliseconds < 1 { return "backoff.base must be at least 1 ms" }
        if backoff.cap < backoff.base { return "backoff.cap must be at least backoff.base" }
        if requestTimeout.milliseconds < 1 { return "requestTimeout must be at least 1 ms" }
        if maxResponseBytes < 1 { return "maxResponseBytes must be at least 1" }
        if resultsBufferLimit < 1 { return "resultsBufferLimit must be at least 1" }
        return nil
    }
}
