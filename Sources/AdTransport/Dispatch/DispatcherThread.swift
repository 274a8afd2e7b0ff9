internal import CCurl
import FoundationEssentials
import Glibc

/// A serial executor on one dedicated thread.
///
/// ``BeaconDispatcher`` runs on it, so SQLite's blocking calls (a write, a WAL checkpoint's
/// fsync, waiting out another process's lock) never occupy a thread of Swift's cooperative
/// pool. Jobs, and blocks handed over with ``post(_:)``, run one at a time in the order they
/// were enqueued; a block handed over with ``post(after:_:)`` joins them once its delay has
/// passed. The thread ends when `stop()` is called and the work already queued has run (delayed
/// blocks not yet due are dropped).
package final class DispatcherThread: SerialExecutor, @unchecked Sendable {
    /// A job of the actor, or a block another thread handed over.
    private enum Work {
        case job(UnownedJob)
        case block(@Sendable () -> Void)
    }

    // `@unchecked Sendable`: `queue`, `delayed`, `stopping` and `owner` are only touched with
    // `condition` held.
    private let condition = MonotonicCondition()
    private var queue: [Work] = []
    /// Blocks waiting for their time, earliest first.
    private var delayed: [(due: ContinuousClock.Instant, block: @Sendable () -> Void)] = []
    private var stopping = false
    /// The thread, once it runs.
    private var owner: pthread_t?

    package init(name: String) {
        // The system's name of the thread (at most 15 bytes), for top, perf and /proc.
        NamedThread.start(name: name) { [self] in run() }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        append(.job(UnownedJob(job)))
    }

    /// Runs `block` on the thread, after the work already queued; it may use
    /// `assumeIsolated` on the actor this executor runs.
    package func post(_ block: @escaping @Sendable () -> Void) {
        append(.block(block))
    }

    /// Runs `block` on the thread once `delay` has passed (measured on the monotonic clock), after
    /// the work queued by then. No task, timer or other thread is involved: the thread's wait for
    /// work ends at that time.
    package func post(after delay: Duration, _ block: @escaping @Sendable () -> Void) {
        let due = ContinuousClock.now.advanced(by: delay)
        condition.lock()
        let index = delayed.firstIndex { $0.due > due } ?? delayed.endIndex
        delayed.insert((due, block), at: index)
        if index == 0 { condition.signal() }
        condition.unlock()
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets `assumeIsolated` succeed in a block run by ``post(_:)``: the runtime asks here when
    /// it does not know the current executor.
    package func checkIsolated() {
        condition.lock()
        let owner = self.owner
        condition.unlock()
        precondition(owner.map { pthread_equal($0, pthread_self()) != 0 } ?? false, "not on the dispatcher's thread")
    }

    /// Lets the thread end once its queue is empty.
    package func stop() {
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
            while true {
                takeDueDelayedBlocks()
                guard queue.isEmpty && !stopping else { break }
                if let due = delayed.first?.due {
                    waitFor(due)
                } else {
                    condition.wait()
                }
            }
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

    /// Moves the delayed blocks that are due to the end of the queue (with `condition` held).
    private func takeDueDelayedBlocks() {
        guard !delayed.isEmpty else { return }
        let now = ContinuousClock.now
        let due = delayed.prefix { $0.due <= now }.count
        guard due > 0 else { return }
        queue.append(contentsOf: delayed.prefix(due).map { .block($0.block) })
        delayed.removeFirst(due)
    }

    /// Waits (with `condition` held) until signalled or, at most, until `due`: one wait on the
    /// monotonic clock (``MonotonicCondition``), so a thread with a block due in a minute sleeps for
    /// that minute instead of waking every millisecond, and a change of the system's time cannot
    /// stretch it.
    private func waitFor(_ due: ContinuousClock.Instant) {
        let left = ContinuousClock.now.duration(to: due)
        guard left > .zero else { return }
        condition.wait(for: left)
    }
}
