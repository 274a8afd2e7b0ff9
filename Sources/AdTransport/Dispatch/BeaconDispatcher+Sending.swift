/// The send loop: expiry, picking due beacons fairly across hosts, sends, their verdicts, the
/// wake-up timer.
///
/// Everything here runs on the dispatcher's thread and is synchronous except the fetches,
/// so the store and the in-memory counters never see interleaved updates.
extension BeaconDispatcher {
    /// How many overdue rows are expired per store read.
    static let expiryBatch = 256
    /// How often finished rows past their TTL are purged, in ms.
    static let purgeInterval: Int64 = 60_000
    /// After a store failure, when to try again, in ms.
    static let storeRetryInterval: Int64 = 1_000

    /// How long a verdict may wait for others to share its commit while enough sends are still
    /// in flight to keep the connections busy (see ``schedulePump()``).
    static let groupCommitDelay: Duration = .microseconds(500)

    /// How many slots must be free before a pump runs at once: a quarter of
    /// ``BeaconDispatcherConfiguration/maxConcurrentSends`` (at least one), so that the other
    /// three quarters stay in flight while verdicts gather for one commit.
    var groupSize: Int { max(1, configuration.maxConcurrentSends / 4) }

    /// Runs ``pump()`` once, soon, after the jobs already queued on the dispatcher's thread: the
    /// sends that finished meanwhile are then recorded in the same commit (group commit).
    ///
    /// While most slots are busy (fewer than ``groupSize`` free), the pump waits for more
    /// verdicts, at most ``groupCommitDelay``: one commit then records a group of them, and
    /// the sends still in flight keep the connections busy meanwhile. With nothing in flight
    /// (the first beacon after a quiet spell), it runs at once.
    func schedulePump() {
        guard !pumpScheduled else { return }
        let free = configuration.maxConcurrentSends - sending.count
        if free >= groupSize || sending.isEmpty || !running {
            pumpScheduled = true
            thread.post { self.assumeIsolated { $0.scheduledPump() } }
            return
        }
        pumpWanted = true
        guard !groupTimerArmed else { return }
        groupTimerArmed = true
        // On the dispatcher's own thread: a task sleeping out the delay would cost a task, a
        // wake-up of the cooperative pool and a hop back here for every group.
        thread.post(after: Self.groupCommitDelay) { [weak self] in
            self?.assumeIsolated { $0.groupTimerFired() }
        }
    }

    private func scheduledPump() {
        pumpScheduled = false
        pump()
    }

    private func groupTimerFired() {
        groupTimerArmed = false
        if pumpWanted { pump() }
    }

    /// Records the verdicts of the sends that finished since the last commit, expires overdue
    /// beacons, starts sends for due ones while slots are free, and sets the timer for the next
    /// due beacon. Called after every event that can change any of that.
    ///
    /// All of the store's writes of one pump go in one transaction (one commit): the verdicts,
    /// the expiries and the rows marked as being sent. Outcomes are reported after that commit.
    func pump() {
        defer { resolveFlushesIfDrained() }
        pumpWanted = false
        let now = clock.millisecondsSince1970()
        let finished = verdicts
        verdicts = []
        guard running else {
            if !finished.isEmpty { recordAlone(finished, now: now) }
            return
        }
        var expired: [BeaconStore.Row] = []
        var picked: [BeaconStore.Row] = []
        do {
            try store.transaction { () throws(BeaconStoreError) in
                try record(finished)
                expired = try expireOverdue(now: now)
                if now.subtractingSaturating(lastPurge) >= Self.purgeInterval {
                    try store.purgeFinished(now: now)
                }
                picked = try pickDue(now: now)
                for row in picked { try store.markSending(row.id) }
            }
        } catch {
            storeFailed(error)
            // Nothing of the pump was written (expiries included, so the next pump looks again);
            // the verdicts are worth a second try on their own.
            earliestExpiry = .min
            if !finished.isEmpty { recordAlone(finished, now: now) }
            try? armTimer(for: now + Self.storeRetryInterval, now: now)
            return
        }
        if now.subtractingSaturating(lastPurge) >= Self.purgeInterval { lastPurge = now }
        // The sends first: reporting can wake the reader of `results`, which costs a moment.
        for var row in picked {
            row.attempts += 1
            launch(row)
        }
        for pending in finished { reportVerdict(pending) }
        for row in expired {
            ledger.left(row.host)
            report(
                .expired, beacon: row.beacon, attempts: row.attempts, status: row.lastStatus,
                error: row.lastError ?? "the time to live passed before it could be sent")
        }
        do {
            let limit = configuration.sendsPerHost
            switch ledger.earliestDue(limit: limit) {
            case .some(let due) where due > now:
                try armTimer(for: due, now: now)
            case .some:
                // Due beacons wait for a slot: a finishing send pumps again. With slots free,
                // something the ledger believed was not in the store: look again shortly.
                try armTimer(
                    for: sending.count < configuration.maxConcurrentSends
                        ? now + Self.storeRetryInterval : nil, now: now)
            case .none:
                try armTimer(for: nil, now: now)
            }
        } catch {
            storeFailed(error)
        }
    }

    /// Writes the verdicts of finished sends (inside the caller's transaction).
    private func record(_ finished: [PendingVerdict]) throws(BeaconStoreError) {
        for pending in finished {
            let id = pending.row.id
            switch pending.verdict {
            case .delivered(let status):
                try store.finish(id, as: .delivered, status: status, error: nil, now: pending.now)
            case .dropped(let status, let error):
                try store.finish(id, as: .dropped, status: status, error: error, now: pending.now)
            case .retry(let at, let status, let error):
                try store.reschedule(id, at: at, status: status, error: error)
            case .interrupted:
                try store.requeue(id, at: pending.now)
            }
        }
    }

    /// Writes verdicts in a transaction of their own (when the dispatcher is stopped, or a pump's
    /// transaction failed), then reports them. When that fails too, the rows stay `sending` in the
    /// file and are resent after a restart; the outcomes are still what happened on the wire.
    func recordAlone(_ finished: [PendingVerdict], now: Int64) {
        do {
            try store.transaction { () throws(BeaconStoreError) in try record(finished) }
        } catch {
            storeFailed(error)
        }
        for pending in finished { reportVerdict(pending) }
    }

    /// Reports a recorded verdict's final outcome; a retry or an interrupted send is not one.
    private func reportVerdict(_ pending: PendingVerdict) {
        let row = pending.row
        switch pending.verdict {
        case .delivered(let status):
            report(.delivered, beacon: row.beacon, attempts: row.attempts, status: status)
        case .dropped(let status, let error):
            report(.dropped, beacon: row.beacon, attempts: row.attempts, status: status, error: error)
        case .retry, .interrupted:
            break
        }
    }

    /// Up to the free slots' worth of due rows, taken from the hosts in turn (least recently
    /// served first), one per host per round, each host within its in-flight limit.
    ///
    /// Each host's due rows are read once, as many as it could get (its free sends, at most the
    /// free slots), and then dealt out round by round: one query per host instead of one per row.
    private func pickDue(now: Int64) throws(BeaconStoreError) -> [BeaconStore.Row] {
        let free = configuration.maxConcurrentSends - sending.count
        let limit = configuration.sendsPerHost
        guard free > 0 else { return [] }
        var queues: [(host: String, rows: [BeaconStore.Row])] = []
        // The first round takes one row from each of the first `free` hosts with rows due, so
        // no host beyond them is read.
        for host in ledger.candidates(now: now, limit: limit) where queues.count < free {
            let rows = try store.due(host: host, now: now, limit: min(free, limit - ledger.sending(host)))
            if rows.isEmpty {
                ledger.refresh(host, nextDue: try store.nextAttemptAt(host: host))
            } else {
                queues.append((host, rows))
            }
        }
        var picked: [BeaconStore.Row] = []
        var round = 0
        while picked.count < free {
            let before = picked.count
            for queue in queues where round < queue.rows.count && picked.count < free {
                picked.append(queue.rows[round])
            }
            if picked.count == before { break }
            round += 1
        }
        return picked
    }

    /// Records every pending beacon whose TTL has passed (inside the caller's transaction) and
    /// returns them, for the caller to report once committed.
    ///
    /// Skipped while `now` is before ``earliestExpiry``, the earliest TTL of a pending row (kept
    /// as rows are enqueued and put back to pending), so most pumps read nothing for it.
    private func expireOverdue(now: Int64) throws(BeaconStoreError) -> [BeaconStore.Row] {
        guard now >= earliestExpiry else { return [] }
        var expired: [BeaconStore.Row] = []
        while true {
            let rows = try store.overdue(now: now, limit: Self.expiryBatch)
            for row in rows {
                try store.finish(row.id, as: .expired, status: row.lastStatus, error: row.lastError, now: now)
            }
            expired += rows
            if rows.count < Self.expiryBatch { break }
        }
        earliestExpiry = try store.earliestPendingExpiry() ?? .max
        return expired
    }

    /// Starts one send; its outcome comes back through ``inbox`` and ``takeFinished()``.
    ///
    /// The client runs the fetch on its own thread and leaves the outcome in the inbox from
    /// there; the first outcome into an empty inbox posts ``takeFinished()`` to this thread. So a
    /// send costs no task and no hop through the cooperative pool.
    private func launch(_ row: BeaconStore.Row) {
        let request = HTTPRequest(url: row.beacon.url, maxBodyBytes: configuration.maxResponseBytes)
        let deadline = ContinuousClock.now + configuration.requestTimeout
        ledger.sendStarted(row.host)
        if row.attempts == 1 { firstTriesInFlight += 1 }
        let (inbox, thread, id) = (self.inbox, self.thread, row.id)
        do throws(HTTPError) {
            let fetch = try client.start(request, deadline: deadline) { result in
                guard inbox.put(id, result.map(\.status)) else { return }
                thread.post { self.assumeIsolated { $0.takeFinished() } }
            }
            sending[id] = (row, fetch)
        } catch {
            sending[id] = (row, nil)
            sendFinished(row, .failure(error))
        }
    }

    /// Takes the outcomes the client's thread left in ``inbox``, each as its send's verdict.
    private func takeFinished() {
        for (id, result) in inbox.take() {
            guard let send = sending[id] else { continue }
            sendFinished(send.row, result)
        }
    }

    /// Takes a send's verdict for the next commit, frees its slot, and schedules a pump, which
    /// records it (with the other verdicts that arrived meanwhile) and then reports it.
    private func sendFinished(_ row: BeaconStore.Row, _ result: Result<Int, HTTPError>) {
        sending[row.id] = nil
        if row.attempts == 1 { firstTriesInFlight -= 1 }
        let now = clock.millisecondsSince1970()
        let verdict = policy.verdict(
            for: result, attempts: row.attempts, now: now, expiresAt: row.expiresAt,
            unit: .random(in: 0..<1))
        switch verdict {
        case .delivered, .dropped:
            ledger.sendEnded(row.host, final: true)
        case .retry(let at, _, _):
            ledger.sendEnded(row.host, final: false)
            ledger.becameDue(row.host, at: at)
            earliestExpiry = min(earliestExpiry, row.expiresAt)
        case .interrupted:
            ledger.sendEnded(row.host, final: false)
            ledger.becameDue(row.host, at: now)
            earliestExpiry = min(earliestExpiry, row.expiresAt)
        }
        verdicts.append(PendingVerdict(row: row, verdict: verdict, now: now))
        schedulePump()
        if sending.isEmpty && !stopWaiters.isEmpty {
            let waiters = stopWaiters
            stopWaiters = []
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Keeps a store failure no caller saw, and reports it on ``events``; for a full disk, also
    /// gives the WAL's space back so the next try can record progress.
    func storeFailed(_ error: BeaconStoreError) {
        lastStoreError = error
        eventContinuation.yield(.storeFailed(error))
        if error.code == .diskFull { store.releaseWALSpace() }
    }

    /// Makes sure a wake-up is set for `due` (ms since 1970), or none when `nil`.
    private func armTimer(for due: Int64?, now: Int64) throws(BeaconStoreError) {
        guard let due else {
            timer?.task.cancel()
            timer = nil
            return
        }
        if let timer, timer.due <= due { return }
        timer?.task.cancel()
        // At most a day: the timer only wakes the pump, which sets the next one.
        let wait = Duration.milliseconds(min(max(due.subtractingSaturating(now), 0), 86_400_000))
        let task = Task { [weak self] in
            do {
                try await Task.sleep(for: wait)
            } catch {
                return  // replaced or stopped
            }
            await self?.timerFired(due: due)
        }
        timer = (due, task)
    }

    private func timerFired(due: Int64) {
        if timer?.due == due { timer = nil }
        pump()
    }

    /// Ends every flush whose goal is reached (the store is read only while a `triedOnce` flush waits).
    private func resolveFlushesIfDrained() {
        guard !flushWaiters.isEmpty else { return }
        var reachedByGoal: [FlushGoal: Bool] = [:]
        for (id, waiter) in flushWaiters {
            let done = reachedByGoal[waiter.goal] ?? reached(waiter.goal)
            reachedByGoal[waiter.goal] = done
            if done { endFlush(id, drained: true) }
        }
    }
}
