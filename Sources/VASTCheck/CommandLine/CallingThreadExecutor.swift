import Glibc

/// A task executor that runs its jobs on the thread that calls ``run(_:)``, until the work given to it ends.
///
/// `vastcheck` is a short process: an async `main` would hop from the main thread to the cooperative pool for
/// its first `await`, which costs a thread, its stack and a second malloc arena before the first byte is read
/// (bench-startup). Run through this executor, a command's task, its child tasks and the actors it calls stay on
/// the process's own thread, and any other thread (libcurl's, a timer) that resumes one of them hands the job
/// back here. Work that must run side by side asks for the global executor itself (``BatchRunner`` does, for
/// more than one document at a time); unstructured tasks (`Task {}`) never inherit the preference.
final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: `jobs` and `done` are only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var done = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs `work` in a task that prefers this executor and runs every job given to it on the calling thread,
    /// in the order they came, until `work` returns; then returns its result. Call it once per executor.
    func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let result = ResultBox<Value>()
        Task(executorPreference: self) {
            let value = await work()
            self.finish { result.value = value }
        }
        var next = 0
        pthread_mutex_lock(mutex)
        while true {
            if next < jobs.count {
                let job = jobs[next]
                next += 1
                pthread_mutex_unlock(mutex)
                job.runSynchronously(on: asUnownedTaskExecutor())
                pthread_mutex_lock(mutex)
            } else if done {
                break
            } else {
                jobs.removeAll(keepingCapacity: true)
                next = 0
                pthread_cond_wait(condition, mutex)
            }
        }
        pthread_mutex_unlock(mutex)
        guard let value = result.value else { preconditionFailure("the work ended without a value") }
        return value
    }

    private func finish(_ store: () -> Void) {
        pthread_mutex_lock(mutex)
        store()
        done = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }
}

/// The value ``CallingThreadExecutor/run(_:)`` hands from its task to its thread, under the executor's mutex.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}
