/// The send loop: expiry, picking due beacons, sends, their verdicts, the wake-up timer.
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
            if now - lastPurge >= Self.purgeInterval {
                try store.purgeFinished(now: now)
                lastPurge = now
            }
            let free = configuration.maxConcurrentSends - sending.count
            guard free > 0 else { return }  // a finishing send pumps again
            let rows = try store.due(now: now, limit: free)
            try store.transaction { () throws(BeaconStoreError) in
                for row in rows { try store.markSending(row.id) }
            }
            for var row in rows {
                row.attempts += 1
                launch(row)
            }
            if rows.count < free {
                try armTimer(for: store.nextAttemptAt(), now: now)
            }
        } catch {
            lastStoreError = error
            try? armTimer(for: now + Self.storeRetryInterval, now: now)
        }
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
            queued -= rows.count
            for row in rows {
                report(.expired, beacon: row.beacon, attempts: row.attempts, status: row.lastStatus,
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
        let now = clock.millisecondsSince1970()
        let verdict = policy.verdict(for: result, attempts: row.attempts, now: now, expiresAt: row.expiresAt,
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
            lastStoreError = error
        }
        switch verdict {
        case .delivered(let status):
            queued -= 1
            report(.delivered, beacon: row.beacon, attempts: row.attempts, status: status)
        case .dropped(let status, let error):
            queued -= 1
            report(.dropped, beacon: row.beacon, attempts: row.attempts, status: status, error: error)
        case .retry, .interrupted:
            break
        }
        pump()
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
        let wait = Duration.milliseconds(max(due - now, 0))
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

    /// Ends every flush when nothing is queued.
    private func resolveFlushesIfDrained() {
        guard queued == 0, !flushWaiters.isEmpty else { return }
        for id in Array(flushWaiters.keys) { endFlush(id, drained: true) }
    }
}
