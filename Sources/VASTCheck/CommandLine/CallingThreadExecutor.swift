import Dispatch
import Synchronization

/// A task executor whose jobs run on the one thread that called ``drive(_:)``, in the order they came.
///
/// `vastcheck`'s `main` is synchronous: an async top level hands its thread to `dispatch_main`, which on Linux
/// ends the main thread and starts another to drain the main queue, so every run paid for a thread, its stack
/// and its `malloc` arena before the first byte was read (bench-startup). Preferred by the command's task, this
/// executor keeps the task, its child tasks and the actors it calls on that thread, and any other thread
/// (libcurl's, a timer) that resumes one of them hands the job back there. Work that must run side by side asks
/// for the global executor itself (``BatchRunner`` does); unstructured tasks (`Task {}`) never inherit the
/// preference. Nothing drains the main dispatch queue meanwhile, so a command must not await the main actor
/// (none does; ``VASTCheck/runOnMainQueue(_:console:)`` is the way for one that would).
final class CallingThreadExecutor: TaskExecutor {
    private let queue = Mutex<[UnownedJob]>([])
    private let wake = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.append(job) }
        wake.signal()
    }

    /// Runs `operation` in a task that prefers a new executor of this kind, running the task's jobs on the calling
    /// thread (which waits in between) until the operation has returned.
    static func drive<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let executor = CallingThreadExecutor()
        let result = Mutex<T?>(nil)
        Task(executorPreference: executor) {
            let value = await operation()
            result.withLock { $0 = value }
        }
        var batch: [UnownedJob] = []
        while true {
            if let value = result.withLock({ $0 }) { return value }
            executor.wake.wait()
            executor.queue.withLock { swap(&$0, &batch) }
            for job in batch { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
            batch.removeAll(keepingCapacity: true)
        }
    }
}
