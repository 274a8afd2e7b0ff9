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

    /// Expires overdue beacons, starts sends for due ones while slots are free, and sets the
    /// timer for the next due beacon. Called after every event that can change any of that.
    func pump() {
        defer { resolveFlushesIfDrained() }
        guard running else { return }
        let now = clock.millisecondsSince1970()
        do {
            try expireOverdue(now: now)
            if now.subtractingSaturating(lastPurge) >= Self.purgeInterval {
                try store.purgeFinished(now: now)
                lastPurge = now
            }
            let rows = try pickDue(now: now)
            if !rows.isEmpty {
                try store.transaction { () throws(BeaconStoreError) in
                    for row in rows { try store.markSending(row.id) }
                }
                for var row in rows {
                    row.attempts += 1
                    launch(row)
                }
            }
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
            try? armTimer(for: now + Self.storeRetryInterval, now: now)
        }
    }

    /// Up to the free slots' worth of due rows, taken from the hosts in turn (least recently
    /// served first), one per host per round, each host within its in-flight limit.
    private func pickDue(now: Int64) throws(BeaconStoreError) -> [BeaconStore.Row] {
        let free = configuration.maxConcurrentSends - sending.count
        let limit = configuration.sendsPerHost
        guard free > 0 else { return [] }
        var picked: [BeaconStore.Row] = []
        var pickedBy: [String: Int] = [:]
        var turn = ledger.candidates(now: now, limit: limit)
        while picked.count < free, !turn.isEmpty {
            var next: [String] = []
            for host in turn where picked.count < free {
                let already = pickedBy[host, default: 0]
                let rows = try store.due(host: host, now: now, limit: already + 1)
                guard rows.count > already else {
                    ledger.refresh(host, nextDue: try store.nextAttemptAt(host: host))
                    continue
                }
                picked.append(rows[already])
                pickedBy[host] = already + 1
                if ledger.sending(host) + already + 1 < limit { next.append(host) }
            }
            turn = next
        }
        return picked
    }

    /// Records and reports every pending beacon whose TTL has passed.
    private func expireOverdue(now: Int64) throws(BeaconStoreError) {
        while true {
            let rows = try store.overdue(now: now, limit: Self.expiryBatch)
            if rows.isEmpty { return }
            try store.transaction { () throws(BeaconStoreError) in
                for row in rows {
                    try store.finish(row.id, as: .expired, status: row.lastStatus, error: row.lastError, now: now)
                }
            }
            for row in rows {
                ledger.left(row.host)
                report(
                    .expired, beacon: row.beacon, attempts: row.attempts, status: row.lastStatus,
                    error: row.lastError ?? "the time to live passed before it could be sent")
            }
            if rows.count < Self.expiryBatch { return }
        }
    }

    /// Starts one send; its verdict comes back through ``sendFinished(_:_:)``.
    private func launch(_ row: BeaconStore.Row) {
        let request = HTTPRequest(url: row.beacon.url, maxBodyBytes: configuration.maxResponseBytes)
        let deadline = ContinuousClock.now + configuration.requestTimeout
        let client = self.client
        ledger.sendStarted(row.host)
        if row.attempts == 1 { firstTriesInFlight += 1 }
        sending[row.id] = Task {
            let result: Result<Int, HTTPError>
            do throws(HTTPError) {
                result = .success(try await client.fetch(request, deadline: deadline).status)
            } catch {
                result = .failure(error)
            }
            self.sendFinished(row, result)
        }
    }

    /// Records a send's verdict, reports final ones, and pumps.
    private func sendFinished(_ row: BeaconStore.Row, _ result: Result<Int, HTTPError>) {
        sending[row.id] = nil
        if row.attempts == 1 { firstTriesInFlight -= 1 }
        let now = clock.millisecondsSince1970()
        let verdict = policy.verdict(
            for: result, attempts: row.attempts, now: now, expiresAt: row.expiresAt,
            unit: Double.random(in: 0..<1))
        do {
            switch verdict {
            case .delivered(let status):
                try store.finish(row.id, as: .delivered, status: status, error: nil, now: now)
            case .dropped(let status, let error):
                try store.finish(row.id, as: .dropped, status: status, error: error, now: now)
            case .retry(let at, let status, let error):
                try store.reschedule(row.id, at: at, status: status, error: error)
            case .interrupted:
                try store.requeue(row.id, at: now)
            }
        } catch {
            // The row stays `sending` in the file: it is resent after a restart. The outcome
            // below is still what happened on the wire.
            storeFailed(error)
        }
        switch verdict {
        case .delivered(let status):
            ledger.sendEnded(row.host, final: true)
            report(.delivered, beacon: row.beacon, attempts: row.attempts, status: status)
        case .dropped(let status, let error):
            ledger.sendEnded(row.host, final: true)
            report(.dropped, beacon: row.beacon, attempts: row.attempts, status: status, error: error)
        case .retry(let at, _, _):
            ledger.sendEnded(row.host, final: false)
            ledger.becameDue(row.host, at: at)
        case .interrupted:
            ledger.sendEnded(row.host, final: false)
            ledger.becameDue(row.host, at: now)
        }
        pump()
    }

    /// Keeps a store failure no caller saw, and reports it on ``events``; for a full disk, also
    /// gives the WAL's space back so the next try can record progress.
    func storeFailed(_ error: BeaconStoreError) {
        lastStoreError = error
        eventContinuation.yield(.storeFailed(error))
        if error.kind == .diskFull { store.releaseWALSpace() }
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
