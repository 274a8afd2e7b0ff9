import Foundation

/// A serial executor on one dedicated thread.
///
/// ``BeaconDispatcher`` runs on it, so SQLite's blocking calls (a write, a WAL checkpoint's
/// fsync, waiting out another process's lock) never occupy a thread of Swift's cooperative
/// pool. Jobs run one at a time in the order they were enqueued. The thread ends when
/// `stop()` is called and the jobs already queued have run.
final class DispatcherThread: SerialExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: `jobs` and `stopping` are only touched with `condition` held.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false

    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the thread end once its queue is empty.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedSerialExecutor()) }
        }
    }
}
