/// The durable beacon dispatcher: beacons are stored before they are sent, sent with bounded
/// concurrency over an ``HTTPClient``, retried with capped exponential backoff and jitter,
/// and each one's final outcome is reported on ``results``.
///
/// ## Guarantees
/// - **Durable.** ``enqueue(_:)`` returns once the beacons are committed to the SQLite file at
///   `storePath` (WAL, `synchronous=NORMAL`: a commit survives the process being killed, not a
///   power cut). A dispatcher made later on the same file resumes whatever was left.
/// - **Idempotent.** A beacon's key is (ad instance, event, URL). Enqueueing a key that is
///   stored (queued, or finished less than a TTL ago) does nothing, so it is sent once.
/// - **At least once.** A row leaves the queue only after its final state is recorded. A send
///   that was in flight when the process died is sent again on restart (``recoveredInFlight``
///   counts them); those are the only possible duplicates.
/// - **Retry policy.** Network failures, 5xx, 408 and 429 are retried, after
///   ``BeaconDispatcherConfiguration/backoff``; other 4xx (and unusable URLs) are dropped; a
///   beacon not delivered within ``BeaconDispatcherConfiguration/timeToLive`` of its enqueue
///   expires. At most ``BeaconDispatcherConfiguration/maxConcurrentSends`` sends run at once.
/// - **Bounded.** At most ``BeaconDispatcherConfiguration/maxQueued`` beacons are queued;
///   more are rejected (and reported). Memory holds only the sends in flight: due beacons are
///   read from the store as slots free up.
///
/// ## Threads
/// The actor runs on its own thread (a custom serial executor), so SQLite's blocking calls
/// never occupy Swift's cooperative pool; the sends themselves run on the client's curl thread.
/// Sending starts when the dispatcher is made; ``stop()`` pauses it, ``start()`` resumes it.
public actor BeaconDispatcher: BeaconSink {
    /// Every beacon's final outcome, in the order they were recorded.
    ///
    /// Each accepted beacon gets exactly one outcome (a duplicate enqueue gets none). The
    /// stream finishes when the dispatcher is released. Keep one reader: `AsyncStream` hands
    /// each element to one consumer. Unread outcomes beyond
    /// ``BeaconDispatcherConfiguration/resultsBufferLimit`` are dropped, oldest first.
    public nonisolated let results: AsyncStream<BeaconOutcome>
    /// Beacons found mid-send in the store when the dispatcher opened it: sent by a process that
    /// stopped before recording the answer. They are sent again, so each may arrive twice.
    public nonisolated let recoveredInFlight: Int
    /// The configuration the dispatcher was made with.
    public nonisolated let configuration: BeaconDispatcherConfiguration

    nonisolated let thread: DispatcherThread
    let store: BeaconStore
    let client: HTTPClient
    let clock: BeaconWallClock
    let policy: BeaconRetryPolicy
    let continuation: AsyncStream<BeaconOutcome>.Continuation
    /// Rows pending or being sent, mirrored from the store.
    var queued: Int
    /// The sends in flight, by row id.
    var sending: [Int64: Task<Void, Never>] = [:]
    /// False between ``stop()`` and ``start()``.
    var running = true
    /// The wake-up for the next due beacon, and the time it is for.
    var timer: (due: Int64, task: Task<Void, Never>)?
    /// Callers of ``flush(deadline:)`` waiting for the queue to drain, with their deadline tasks.
    var flushWaiters: [Int: (continuation: CheckedContinuation<Bool, Never>, timeout: Task<Void, Never>)] = [:]
    var nextFlushID = 0
    /// When finished rows were last purged.
    var lastPurge: Int64

    /// The most recent store failure after opening, if any (the dispatcher keeps going: a row
    /// it could not update is retried, and resent after a restart).
    public internal(set) var lastStoreError: BeaconStoreError?

    public nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    /// Opens (or creates) the store at `storePath`, recovers what a previous process left, and
    /// starts sending.
    ///
    /// - Parameters:
    ///   - storePath: the SQLite file; its directory must exist. One dispatcher per file.
    ///   - client: the client beacons are sent with.
    ///   - configuration: limits and policies.
    ///   - clock: the wall clock for enqueue times, retries and TTLs.
    /// - Throws: ``BeaconStoreError`` when the configuration is out of range or the store cannot
    ///   be opened or set up.
    public init(storePath: String, client: HTTPClient, configuration: BeaconDispatcherConfiguration = .init(),
                clock: BeaconWallClock = .system) throws(BeaconStoreError) {
        if let problem = configuration.problem { throw BeaconStoreError(.invalidConfiguration, problem) }
        let store = try BeaconStore(path: storePath)
        let now = clock.millisecondsSince1970()
        recoveredInFlight = try store.recoverInterrupted(now: now)
        try store.purgeFinished(now: now)
        queued = try store.queuedCount()
        lastPurge = now
        self.store = store
        self.client = client
        self.clock = clock
        self.configuration = configuration
        policy = BeaconRetryPolicy(backoff: configuration.backoff)
        (results, continuation) = AsyncStream.makeStream(
            of: BeaconOutcome.self, bufferingPolicy: .bufferingNewest(configuration.resultsBufferLimit))
        thread = DispatcherThread(name: "AdTransport.beacons")
        Task { await self.pump() }
    }

    deinit {
        timer?.task.cancel()
        continuation.finish()
        thread.stop()
    }

    /// Beacons queued (waiting or being sent).
    public var queuedCount: Int { queued }

    /// Sends in flight now.
    public var inFlightCount: Int { sending.count }

    /// Stores `beacons` and returns once they are committed (one transaction for the batch).
    ///
    /// A beacon whose key is already stored is ignored. Beacons beyond
    /// ``BeaconDispatcherConfiguration/maxQueued`` are not stored and are reported as
    /// ``BeaconOutcome/Kind-swift.enum/rejected``.
    /// - Throws: ``BeaconStoreError`` when the store could not commit the batch; then none of it
    ///   was stored, and each beacon is also reported as rejected.
    public func enqueue(_ beacons: [Beacon]) async throws(BeaconStoreError) {
        guard !beacons.isEmpty else { return }
        let now = clock.millisecondsSince1970()
        let expiresAt = now + configuration.timeToLive.milliseconds
        let queuedBefore = queued
        var rejected: [Beacon] = []
        var seen: Set<Beacon> = []
        do {
            try store.transaction { () throws(BeaconStoreError) in
                for beacon in beacons where seen.insert(beacon).inserted {
                    if queued < configuration.maxQueued {
                        if try store.insert(beacon, now: now, expiresAt: expiresAt) { queued += 1 }
                    } else if try !store.contains(beacon) {
                        rejected.append(beacon)
                    }
                }
            }
        } catch {
            queued = queuedBefore
            lastStoreError = error
            for beacon in seen { report(.rejected, beacon: beacon, attempts: 0, error: "not stored: \(error)") }
            throw error
        }
        for beacon in rejected {
            report(.rejected, beacon: beacon, attempts: 0,
                   error: "the queue is full (\(configuration.maxQueued) beacons)")
        }
        pump()
    }

    /// Waits until the queue is empty (every beacon delivered, dropped or expired) or `deadline`.
    ///
    /// Flushing does not hurry retries: a beacon waiting out its backoff is sent when due.
    /// Cancelling the calling task returns `false` promptly.
    /// - Returns: `true` when the queue drained, `false` at the deadline or on cancellation.
    public func flush(deadline: ContinuousClock.Instant) async -> Bool {
        if queued == 0 { return true }
        guard !Task.isCancelled, deadline > .now else { return false }
        let id = nextFlushID
        nextFlushID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let timeout = Task { [weak self] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    await self?.endFlush(id, drained: false)
                }
                flushWaiters[id] = (continuation, timeout)
            }
        } onCancel: {
            Task { await self.endFlush(id, drained: false) }
        }
    }

    /// Pauses sending: no new sends start, and sends in flight are cancelled and queued again
    /// (not counted as attempts). Returns when they have been recorded. Enqueueing still stores.
    public func stop() async {
        running = false
        timer?.task.cancel()
        timer = nil
        let inFlight = Array(sending.values)
        for task in inFlight { task.cancel() }
        for task in inFlight { await task.value }
    }

    /// Resumes sending after ``stop()``. Does nothing when already running.
    public func start() {
        guard !running else { return }
        running = true
        pump()
    }

    /// Ends the flush `id`, if it is still waiting.
    func endFlush(_ id: Int, drained: Bool) {
        guard let waiter = flushWaiters.removeValue(forKey: id) else { return }
        waiter.timeout.cancel()
        waiter.continuation.resume(returning: drained)
    }

    /// Reports an outcome on ``results``.
    func report(_ kind: BeaconOutcome.Kind, beacon: Beacon, attempts: Int, status: Int? = nil, error: String? = nil) {
        continuation.yield(BeaconOutcome(kind, beacon: beacon, attempts: attempts, status: status, error: error))
    }
}
