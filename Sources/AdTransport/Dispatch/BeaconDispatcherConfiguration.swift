/// A ``BeaconDispatcher``'s limits and policies. Every value is checked when the dispatcher
/// is made.
public struct BeaconDispatcherConfiguration: Sendable, Hashable {
    /// Sends in flight at once (default 128). The client's ``HTTPClientConfiguration/maxConnectionsPerHost``
    /// also limits how many of them reach one host together, and ``maxConcurrentSendsPerHost``
    /// how many one host may hold.
    ///
    /// It is also the most beacons a crash can send twice (those in flight), and what lets the
    /// send loop commit verdicts in groups: a round waits for a quarter of the slots to free (at
    /// most 0.5 ms) while the rest keep the connections busy, so a small value means a commit
    /// for every one or two beacons. A send waiting for a connection costs the client a small
    /// entry in its queue, nothing on the wire.
    public var maxConcurrentSends: Int
    /// Sends in flight at once to one host (scheme, host and port; default 4; a value above
    /// ``maxConcurrentSends`` acts as that): a host that hangs holds at most this many of the
    /// slots, and the others go to other hosts, which are served in turn.
    public var maxConcurrentSendsPerHost: Int
    /// Beacons waiting or being sent (default 10,000). Beacons enqueued beyond it are not
    /// stored and are reported as ``BeaconOutcome/Kind-swift.enum/rejected``.
    public var maxQueued: Int
    /// Beacons waiting or being sent to one host (default 2,500; a value above ``maxQueued`` acts
    /// as that): a dead host fills its own share of the queue, not everyone's. Beyond it, that
    /// host's beacons are rejected while other hosts' are still taken.
    public var maxQueuedPerHost: Int
    /// The largest the store's database file may grow to, in bytes (default 128 MiB, at least
    /// 64 KiB). When a batch does not fit, the oldest tombstones (the memory of delivered keys)
    /// make room first; if that is not enough, ``BeaconDispatcher/enqueue(_:)`` throws
    /// `BeaconStoreError.Code.diskFull`, as on a full disk. A beacon takes about 300 bytes
    /// more than its URL (its row, index entries and the pages' free room: 52 MB for 100,000
    /// beacons of 200-byte URLs), plus an overflow page for a URL longer than a page (16 KiB; 4 KiB
    /// below an 8 MiB cap); the WAL beside the file adds up to about 4 MiB between checkpoints.
    public var maxStoreBytes: Int
    /// How long after enqueue a beacon may still be sent (default one hour, at most 30 days);
    /// then it is reported as ``BeaconOutcome/Kind-swift.enum/expired``.
    public var timeToLive: Duration
    /// The wait between attempts after a retryable failure (the cap at most one day).
    public var backoff: BeaconBackoff
    /// The deadline of one send, from its start (default 10 s, at most one hour).
    public var requestTimeout: Duration
    /// The largest response body read from a beacon URL (default 64 KiB); a 2xx with a larger
    /// body still counts as delivered.
    public var maxResponseBytes: Int
    /// Outcomes kept for a slow reader of ``BeaconDispatcher/results`` (default 10,000); past
    /// it, the oldest unread outcomes are dropped from the stream (never from the store).
    public var resultsBufferLimit: Int

    /// Creates a configuration.
    public init(
        maxConcurrentSends: Int = 128, maxQueued: Int = 10_000, timeToLive: Duration = .seconds(3600),
        backoff: BeaconBackoff = BeaconBackoff(), requestTimeout: Duration = .seconds(10),
        maxResponseBytes: Int = 64 << 10, resultsBufferLimit: Int = 10_000,
        maxConcurrentSendsPerHost: Int = 4, maxQueuedPerHost: Int = 2_500, maxStoreBytes: Int = 128 << 20
    ) {
        self.maxConcurrentSends = maxConcurrentSends
        self.maxConcurrentSendsPerHost = maxConcurrentSendsPerHost
        self.maxQueued = maxQueued
        self.maxQueuedPerHost = maxQueuedPerHost
        self.maxStoreBytes = maxStoreBytes
        self.timeToLive = timeToLive
        self.backoff = backoff
        self.requestTimeout = requestTimeout
        self.maxResponseBytes = maxResponseBytes
        self.resultsBufferLimit = resultsBufferLimit
    }

    /// ``maxConcurrentSendsPerHost`` as it applies: never above ``maxConcurrentSends``.
    var sendsPerHost: Int { min(maxConcurrentSendsPerHost, maxConcurrentSends) }

    /// ``maxQueuedPerHost`` as it applies: never above ``maxQueued``.
    var queuedPerHost: Int { min(maxQueuedPerHost, maxQueued) }

    /// The first field that is out of range, named, or `nil`.
    public var problem: String? {
        if maxConcurrentSends < 1 { return "maxConcurrentSends must be at least 1" }
        if maxConcurrentSendsPerHost < 1 { return "maxConcurrentSendsPerHost must be at least 1" }
        if maxQueued < 1 { return "maxQueued must be at least 1" }
        if maxQueuedPerHost < 1 { return "maxQueuedPerHost must be at least 1" }
        if maxStoreBytes < 64 << 10 { return "maxStoreBytes must be at least 65536 (64 KiB)" }
        if timeToLive.milliseconds < 1 { return "timeToLive must be at least 1 ms" }
        if timeToLive > .seconds(30 * 86_400) { return "timeToLive must be at most 30 days" }
        if backoff.base.milliseconds < 1 { return "backoff.base must be at least 1 ms" }
        if backoff.cap < backoff.base { return "backoff.cap must be at least backoff.base" }
        if backoff.cap > .seconds(86_400) { return "backoff.cap must be at most one day" }
        if requestTimeout.milliseconds < 1 { return "requestTimeout must be at least 1 ms" }
        if requestTimeout > .seconds(3600) { return "requestTimeout must be at most one hour" }
        if maxResponseBytes < 1 { return "maxResponseBytes must be at least 1" }
        if resultsBufferLimit < 1 { return "resultsBufferLimit must be at least 1" }
        return nil
    }
}
