import Foundation

/// A serial executor on one dedicated thread.
///
/// ``BeaconDispatcher`` runs on it, so SQLite's blocking calls (a write, a WAL checkpoint's
/// fsync, waiting out another process's lock) never occupy a thread of Swift's cooperative
/// pool. Jobs, and blocks handed over with ``post(_:)``, run one at a time in the order they
/// were enqueued. The thread ends when `stop()` is called and the work already queued has run.
final class DispatcherThread: SerialExecutor, @unchecked Sendable {
    /// A job of the actor, or a block another thread handed over.
    private enum Work {
        case job(UnownedJob)
        case block(@Sendable () -> Void)
    }

    // `@unchecked Sendable`: `queue`, `stopping` and `owner` are only touched with `condition` held.
    private let condition = NSCondition()
    private var queue: [Work] = []
    private var stopping = false
    /// The thread, once it runs.
    private var owner: pthread_t?

    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        append(.job(UnownedJob(job)))
    }

    /// Runs `block` on the thread, after the work already queued; it may use
    /// `assumeIsolated` on the actor this executor runs.
    func post(_ block: @escaping @Sendable () -> Void) {
        append(.block(block))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets `assumeIsolated` succeed in a block run by ``post(_:)``: the runtime asks here when
    /// it does not know the current executor.
    func checkIsolated() {
        condition.lock()
        let owner = self.owner
        condition.unlock()
        precondition(owner.map { pthread_equal($0, pthread_self()) != 0 } ?? false, "not on the dispatcher's thread")
    }

    /// Lets the thread end once its queue is empty.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func append(_ work: Work) {
        condition.lock()
        queue.append(work)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        owner = pthread_self()
        condition.unlock()
        while true {
            condition.lock()
            while queue.isEmpty && !stopping { condition.wait() }
            if queue.isEmpty {
                condition.unlock()
                return
            }
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            condition.unlock()
            for work in batch {
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
                case .block(let block): block()
                }
            }
        }
    }
}
