import Dispatch

/// A task executor that runs its jobs on the main dispatch queue, one at a time, in the order they came.
///
/// `vastcheck`'s async `main` leaves the main queue to be drained (`dispatch_main`); a nonisolated command
/// would still hop from there to the cooperative pool for its first `await`, which costs a second thread before
/// the first byte is read (bench-startup). Preferred by the command's task, this executor keeps the task, its
/// child tasks and the actors it calls on the main queue's one thread, and any other thread (libcurl's, a timer)
/// that resumes one of them hands the job back there. Work that must run side by side asks for the global
/// executor itself (``BatchRunner`` does, for more than one document at a time); unstructured tasks (`Task {}`)
/// never inherit the preference. The main actor's own jobs share the queue, so code that awaits it still runs.
final class MainQueueExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
