import AdTransport

/// One download per URL, however many callers wait for it.
extension CreativeCache {
    typealias Outcome = Result<CachedFile, CreativeCacheError>

    /// A download in flight and the callers waiting for it.
    struct Flight {
        let url: String
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>]
        let task: Task<Void, Never>
    }

    /// Adds a caller to the download of `key`, starting it if none runs, and arranges for the
    /// caller to be answered at its own deadline if the download is slower.
    func join(
        key: String, url: String, waiter: UInt64, deadline: ContinuousClock.Instant,
        _ continuation: CheckedContinuation<Outcome, Never>
    ) {
        if var flight = flights[key] {
            guard flight.url == url else {
                // Two URLs with one key (see CacheKey): one slot, one download at a time.
                continuation.resume(
                    returning: .failure(
                        CreativeCacheError(.storage, "another URL with the same cache key is downloading; try again")))
                return
            }
            flight.waiters[waiter] = continuation
            flights[key] = flight
        } else {
            // The download belongs to every caller that joins it, not to the call that started it: it runs
            // outside that call's stop (a task inherits task-local values), so stopping the call only
            // answers its own wait.
            let task = Task {
                await CallStop.$current.withValue(nil) { await self.run(key: key, url: url, deadline: deadline) }
            }
            flights[key] = Flight(url: url, waiters: [waiter: continuation], task: task)
        }
        thread.post(after: ContinuousClock.now.duration(to: deadline)) {
            self.assumeIsolated {
                $0.leave(
                    key: key, waiter: waiter,
                    CreativeCacheError(.timedOut, "\(url) was not downloaded within the time given"))
            }
        }
    }

    /// Answers one caller with `error` (its deadline passed, or its task was cancelled); a caller
    /// already answered is left alone.
    func leave(key: String, waiter: UInt64, _ error: CreativeCacheError) {
        guard let continuation = flights[key]?.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(returning: .failure(error))
    }

    /// Runs the download of `key` and answers every caller still waiting.
    private func run(key: String, url: String, deadline: ContinuousClock.Instant) async {
        let outcome: Outcome
        do throws(CreativeCacheError) {
            outcome = .success(try await obtain(key: key, url: url, deadline: deadline))
        } catch {
            outcome = .failure(error)
        }
        let waiters = flights.removeValue(forKey: key)?.waiters ?? [:]
        if case .success = outcome, !waiters.isEmpty { markUsed(key) }
        for continuation in waiters.values { continuation.resume(returning: outcome) }
        // The callers go on with the file while this thread makes it durable and records it.
        persist(key: key)
    }
}
