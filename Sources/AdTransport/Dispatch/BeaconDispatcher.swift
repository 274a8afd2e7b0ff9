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
///   ``BeaconDispatcherConfiguration/backoff`` (or a longer `Retry-After`, up to the backoff's
///   cap); other 4xx (and unusable URLs) are dropped; a beacon not delivered within
///   ``BeaconDispatcherConfiguration/timeToLive`` of its enqueue expires.
/// - **Fair to hosts.** At most ``BeaconDispatcherConfiguration/maxConcurrentSends`` sends run
///   at once, at most ``BeaconDispatcherConfiguration/maxConcurrentSendsPerHost`` to one host
///   (scheme, host, port), and due beacons are taken from the hosts in turn, so a host that
///   hangs or is down cannot hold every slot. Each host may fill at most
///   ``BeaconDispatcherConfiguration/maxQueuedPerHost`` of the queue.
/// - **Bounded.** At most ``BeaconDispatcherConfiguration/maxQueued`` beacons are queued;
///   more are rejected (and reported). The store's file stays under
///   ``BeaconDispatcherConfiguration/maxStoreBytes``; a batch that does not fit (or meets a
///   full disk) throws `BeaconStoreError.Code.diskFull`, never a silent success. Memory holds
///   the sends in flight and one small entry per host with queued beacons: due beacons are read
///   from the store as slots free up.
/// - **One dispatcher per store.** The store's lock file (`STORE.lock`) is held for the
///   dispatcher's life; a second dispatcher on the same file, in this process or another, fails
///   at once with `BeaconStoreError.Code.inUse`. It is released by ``close()``, when the
///   dispatcher is deinitialized, or by the kernel when its process ends, however it ends.
/// - **A damaged store does not stop the app.** It is moved aside and a usable one opened
///   (``recovery``, and a ``BeaconDispatcherEvent/storeRecovered(_:)`` event); the pending beacons
///   it still lets read are copied into the new store and sent
///   (``BeaconStoreRecovery/recoveredBeacons``), the rest are lost.
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
    /// What was done about a damaged store when the dispatcher opened it, or `nil` when the store
    /// was sound (or new). Its readable pending beacons were carried over, the others are lost; the
    /// files are kept beside the store (``BeaconStoreRecovery/movedTo``) for diagnosis.
    public nonisolated let recovery: BeaconStoreRecovery?
    /// Store events: a recovery at open (first), then writes that failed with no caller to throw to.
    ///
    /// Buffered (the newest 100 unread are kept), so a reader that subscribes after `init` still
    /// sees the recovery. Finishes when the dispatcher is released. Keep one reader.
    public nonisolated let events: AsyncStream<BeaconDispatcherEvent>

    nonisolated let thread: DispatcherThread
    let store: BeaconStore
    let client: HTTPClient
    let clock: BeaconWallClock
    let policy: BeaconRetryPolicy
    let continuation: AsyncStream<BeaconOutcome>.Continuation
    let eventContinuation: AsyncStream<BeaconDispatcherEvent>.Continuation
    /// Rows pending or being sent, per host, mirrored from the store.
    var ledger: BeaconHostLedger
    /// The sends in flight, by row id: the row, and the client's id of its fetch (`nil` when the
    /// client refused the URL at once, and the verdict is being recorded).
    var sending: [Int64: (row: BeaconStore.Row, fetch: UInt64?)] = [:]
    /// Where the client's thread leaves the outcomes of finished sends.
    nonisolated let inbox = SendInbox()
    /// Callers of ``stop()`` waiting for the sends in flight to come back.
    var stopWaiters: [CheckedContinuation<Void, Never>] = []
    /// False between ``stop()`` and ``start()``, and after ``close()``.
    var running = true
    /// True after ``close()``.
    var closed = false
    /// Whether the first pump, started by `init`, may still run: ``stop()`` clears it so that
    /// the pending task never takes a strong reference (and so holds the store's lock) after
    /// the dispatcher's owner let go.
    nonisolated let firstPumpAllowed = StartGate()
    /// The wake-up for the next due beacon, and the time it is for.
    var timer: (due: Int64, task: Task<Void, Never>)?
    /// Callers of ``flush(deadline:until:)`` waiting for their goal, with their deadline tasks.
    var flushWaiters:
        [Int: (goal: FlushGoal, continuation: CheckedContinuation<Bool, Never>, timeout: Task<Void, Never>)] = [:]
    /// Sends in flight that are their beacon's first attempt.
    var firstTriesInFlight = 0
    var nextFlushID = 0
    /// When finished rows were last purged.
    var lastPurge: Int64
    /// Verdicts of finished sends, recorded by the next pump's commit.
    var verdicts: [PendingVerdict] = []
    /// True while a pump is scheduled (see ``schedulePump()``).
    var pumpScheduled = false
    /// True while a pump was asked for and is waiting for its group to fill.
    var pumpWanted = false
    /// True while the ``groupCommitDelay`` timer of a waiting group runs.
    var groupTimerArmed = false
    /// No pending row expires before this (ms since 1970); `.min` when not known.
    var earliestExpiry: Int64 = .min

    /// The most recent store failure after opening, if any (the dispatcher keeps going: a row
    /// it could not update is retried, and resent after a restart).
    public internal(set) var lastStoreError: BeaconStoreError?

    public nonisolated var unownedExecutor: UnownedSerialExecutor { thread.asUnownedSerialExecutor() }

    /// Takes the store at `storePath` for this dispatcher, opens (or creates) it, recovers what a
    /// previous process left, and starts sending.
    ///
    /// A damaged store (garbage, a wrong header, a truncated file, a failed `quick_check`, or a
    /// WAL with an unreadable header) is moved aside and replaced; see ``recovery``.
    /// - Parameters:
    ///   - storePath: the SQLite file; its directory must exist. One dispatcher per file:
    ///     `STORE.lock` beside it is held while the dispatcher lives.
    ///   - client: the client beacons are sent with.
    ///   - configuration: limits and policies.
    ///   - clock: the wall clock for enqueue times, retries and TTLs.
    /// - Throws: ``BeaconStoreError``: `invalidConfiguration` (no file is touched); `inUse` when
    ///   another dispatcher holds the store (the message names it); `symbolicLink` when any file of
    ///   the store's set is a symbolic link (nothing is written or moved); `unavailable` when SQLite
    ///   cannot be loaded; `cannotOpen` or `schema` when the store cannot be opened or set up.
    public init(
        storePath: String, client: HTTPClient, configuration: BeaconDispatcherConfiguration = .init(),
        clock: BeaconWallClock = .system
    ) throws(BeaconStoreError) {
        if let problem = configuration.problem { throw BeaconStoreError(.invalidConfiguration, problem) }
        let now = clock.millisecondsSince1970()
        let opened = try BeaconStore.open(path: storePath, maxStoreBytes: configuration.maxStoreBytes, now: now)
        recoveredInFlight = opened.recoveredInFlight
        ledger = BeaconHostLedger(opened.hostQueues)
        lastPurge = now
        self.store = opened.store
        self.recovery = opened.recovery
        self.client = client
        self.clock = clock
        self.configuration = configuration
        policy = BeaconRetryPolicy(backoff: configuration.backoff)
        (results, continuation) = AsyncStream.makeStream(
            of: BeaconOutcome.self, bufferingPolicy: .bufferingNewest(configuration.resultsBufferLimit))
        (events, eventContinuation) = AsyncStream.makeStream(
            of: BeaconDispatcherEvent.self, bufferingPolicy: .bufferingNewest(100))
        if let recovery { eventContinuation.yield(.storeRecovered(recovery)) }
        thread = DispatcherThread(name: "AdTransport.beacons")
        // Weak, and checked against the gate stop() closes before taking a strong reference: a
        // dispatcher stopped or released before this runs must let its store's lock go at once.
        Task { [weak self, firstPumpAllowed] in
            guard firstPumpAllowed.isOpen else { return }
            await self?.pump()
        }
    }

    deinit {
        timer?.task.cancel()
        continuation.finish()
        eventContinuation.finish()
        thread.stop()
    }

    /// Beacons queued (waiting or being sent).
    public var queuedCount: Int { ledger.total }

    /// Sends in flight now.
    public var inFlightCount: Int { sending.count }

    /// The store's commits and checkpoints since this dispatcher opened it (zero after ``close()``).
    public var storeActivity: BeaconStoreActivity {
        let activity = store.activity
        return BeaconStoreActivity(commits: activity.commits, checkpoints: activity.checkpoints)
    }

    /// Stores `beacons` and returns once they are committed (one transaction for the batch): a
    /// beacon whose `enqueue` returned survives the process being killed (see "Durable" above).
    ///
    /// Sending starts after the call returns: the rows are marked as being sent in the next
    /// commit of the send loop, which also records the verdicts of the sends that finished since
    /// the one before (group commit: one commit for many beacons, see `docs/durability.md`).
    ///
    /// A beacon whose key is already stored is ignored. Beacons beyond
    /// ``BeaconDispatcherConfiguration/maxQueued``, or beyond
    /// ``BeaconDispatcherConfiguration/maxQueuedPerHost`` for their host, are not stored and are
    /// reported as ``BeaconOutcome/Kind-swift.enum/rejected``. When the batch does not fit in the
    /// store, the oldest tombstones are evicted to make room before giving up.
    /// - Throws: ``BeaconStoreError`` when the store could not commit the batch (`diskFull` for a
    ///   full disk or store); then none of it was stored, and each beacon is also reported as
    ///   rejected.
    public func enqueue(_ beacons: [Beacon]) async throws(BeaconStoreError) {
        guard !beacons.isEmpty else { return }
        guard !closed else { throw BeaconStoreError(.closed, "the dispatcher for \(store.path) was closed") }
        let now = clock.millisecondsSince1970()
        let expiresAt = now.addingSaturating(configuration.timeToLive.milliseconds)
        let before = ledger
        var evictions = 0
        while true {
            do throws(BeaconStoreError) {
                let rejected = try insert(beacons, now: now, expiresAt: expiresAt)
                earliestExpiry = min(earliestExpiry, expiresAt)
                for (beacon, reason) in rejected { report(.rejected, beacon: beacon, attempts: 0, error: reason) }
                schedulePump()
                return
            } catch {
                ledger = before
                // Room for new beacons matters more than remembering old keys (at most a few rounds).
                if error.code == .diskFull, evictions < 4,
                    let evicted = try? store.evictTombstones(limit: max(beacons.count * 4, 256)), evicted > 0
                {
                    evictions += 1
                    continue
                }
                lastStoreError = error
                if error.code == .diskFull { store.releaseWALSpace() }
                for beacon in Set(beacons) {
                    report(.rejected, beacon: beacon, attempts: 0, error: "not stored: \(error)")
                }
                throw error
            }
        }
    }

    /// Inserts `beacons` in one transaction, within the queue limits.
    /// - Returns: the beacons refused by a limit, with the reason, in batch order.
    private func insert(_ beacons: [Beacon], now: Int64, expiresAt: Int64) throws(BeaconStoreError)
        -> [(Beacon, String)]
    {
        var rejected: [(Beacon, String)] = []
        // A copy of a beacon already in the batch: when the first was stored, the store finds its
        // key and skips it; when the first was refused, so is it (the limits only tighten during a
        // batch), and this set keeps it from getting a second outcome. Only refused beacons are
        // hashed.
        var refused: Set<Beacon> = []
        try store.transaction { () throws(BeaconStoreError) in
            for beacon in beacons {
                let host = beacon.host
                if ledger.total >= configuration.maxQueued {
                    if try !store.contains(beacon), refused.insert(beacon).inserted {
                        rejected.append((beacon, "the queue is full (\(configuration.maxQueued) beacons)"))
                    }
                } else if ledger.queued(host) >= configuration.queuedPerHost {
                    if try !store.contains(beacon), refused.insert(beacon).inserted {
                        rejected.append(
                            (
                                beacon,
                                "the queue for \(host.isEmpty ? "unusable URLs" : host) is full "
                                    + "(\(configuration.queuedPerHost) beacons)"
                            ))
                    }
                } else if try store.insert(beacon, host: host, now: now, expiresAt: expiresAt) {
                    ledger.enqueued(host, due: now)
                }
            }
        }
        return rejected
    }

    /// What a ``flush(deadline:until:)`` waits for.
    public enum FlushGoal: Sendable, Hashable {
        /// The queue is empty: every beacon delivered, dropped or expired.
        case drained
        /// Every queued beacon has been sent at least once (and those sends have answered): what an
        /// app going to the background waits for, since a beacon to a dead host may wait out its
        /// backoff for up to its TTL.
        case triedOnce
    }

    /// Waits until `goal` is reached or `deadline`.
    ///
    /// Flushing does not hurry retries: a beacon waiting out its backoff is sent when due.
    /// Cancelling the calling task returns `false` promptly; so does a closed dispatcher.
    /// - Parameters:
    ///   - deadline: when to give up.
    ///   - goal: the queue drained (the default), or every queued beacon tried once.
    /// - Returns: `true` when the goal was reached, `false` at the deadline, on cancellation, or
    ///   when the dispatcher is (or gets) closed before it.
    public func flush(deadline: ContinuousClock.Instant, until goal: FlushGoal = .drained) async -> Bool {
        if reached(goal) { return true }
        guard !Task.isCancelled, !closed, deadline > .now else { return false }
        let id = nextFlushID
        nextFlushID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let timeout = Task { [weak self] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    await self?.endFlush(id, drained: false)
                }
                flushWaiters[id] = (goal, continuation, timeout)
            }
        } onCancel: {
            Task { await self.endFlush(id, drained: false) }
        }
    }

    /// True when `goal` holds now. A store that cannot be read counts as not there yet.
    func reached(_ goal: FlushGoal) -> Bool {
        if ledger.total == 0 { return true }
        switch goal {
        case .drained: return false
        case .triedOnce: return firstTriesInFlight == 0 && ((try? store.untriedCount()) ?? 1) == 0
        }
    }

    /// Pauses sending: no new sends start, and sends in flight are cancelled and queued again
    /// (not counted as attempts). Returns when they have been recorded. Enqueueing still stores.
    public func stop() async {
        running = false
        firstPumpAllowed.close()
        timer?.task.cancel()
        timer = nil
        for send in sending.values {
            if let fetch = send.fetch { client.cancel(fetch) }
        }
        if !sending.isEmpty {
            await withCheckedContinuation { stopWaiters.append($0) }
        }
        if !verdicts.isEmpty {
            let finished = verdicts
            verdicts = []
            recordAlone(finished, now: clock.millisecondsSince1970())
        }
    }

    /// Resumes sending after ``stop()``. Does nothing when already running or closed.
    public func start() {
        guard !running, !closed else { return }
        running = true
        pump()
    }

    /// Stops sending (as ``stop()``), closes the store and releases its lock, so that another
    /// dispatcher (in this process or another) can take the file at once.
    ///
    /// What is queued stays in the store for the next dispatcher. Waiting flushes return `false`;
    /// later enqueues throw `BeaconStoreError.Code.closed`. Releasing the dispatcher gives the
    /// file up too, when it is deinitialized, which can trail its owner's last reference by a
    /// moment (a send or timer task of its own finishing); `close()` does it before returning.
    /// Idempotent.
    public func close() async {
        await stop()
        closed = true
        store.close()
        for id in Array(flushWaiters.keys) { endFlush(id, drained: false) }
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
