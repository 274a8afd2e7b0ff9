import Synchronization

/// At most `limit` pieces of work at once; past it, work is refused at once (the route answers 503)
/// rather than queued without bound.
final class WorkLimiter: Sendable {
    private let running = Mutex(0)
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Runs `work` when a slot is free; `nil` without running it when all are taken.
    func run<Result: Sendable>(_ work: () async -> Result) async -> Result? {
        let admitted = running.withLock { count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }
        guard admitted else { return nil }
        defer { running.withLock { $0 -= 1 } }
        return await work()
    }
}
