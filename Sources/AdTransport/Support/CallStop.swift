import Synchronization

/// A stop for work that runs in its caller's task: its owner ends the work without cancelling the
/// caller's task, as cancelling that task would (and the task would stay cancelled after the call).
///
/// The engine runs a `getAd` call's mediation in the calling task (a task of its own cost two thread
/// wake-ups per call) and keeps this to end it when the presentation or the engine closes. The work
/// finds it as ``current`` (a task-local value, so the child tasks of a tier see it too) and treats a
/// stop as it treats its task's cancellation: ``isCancelled`` reads both, and
/// ``withCancellationHandler(operation:onCancel:)`` runs `onCancel` for either.
package final class CallStop: Sendable {
    /// The stop of the call the current task runs, if it runs one.
    @TaskLocal package static var current: CallStop?

    private struct State {
        var stopped = false
        var finished = false
        var handlers: [Int: @Sendable () -> Void] = [:]
        var nextHandler = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// True once ``stop()`` was called.
    package var isStopped: Bool { state.withLock { $0.stopped } }

    /// Stops the work: runs every handler registered and not yet removed, once, on the calling thread;
    /// a handler registered later runs at once. Idempotent.
    package func stop() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.stopped else { return [] }
            state.stopped = true
            defer { state.handlers = [:] }
            return Array(state.handlers.values)
        }
        for handler in handlers { handler() }
    }

    /// Marks the work finished and resumes every ``finished()`` waiting. Idempotent.
    package func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.finished else { return [] }
            state.finished = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once ``finish()`` was called.
    package func finished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.finished { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Registers `handler` to run on ``stop()``; runs it at once (and returns nil) when already stopped.
    private func register(_ handler: @escaping @Sendable () -> Void) -> Int? {
        let id = state.withLock { state -> Int? in
            guard !state.stopped else { return nil }
            state.nextHandler &+= 1
            state.handlers[state.nextHandler] = handler
            return state.nextHandler
        }
        if id == nil { handler() }
        return id
    }

    private func unregister(_ id: Int) {
        state.withLock { _ = $0.handlers.removeValue(forKey: id) }
    }

    /// Whether the current task is cancelled or the call it runs (``current``) is stopped.
    package static var isCancelled: Bool {
        Task.isCancelled || (current?.isStopped ?? false)
    }

    /// Runs `operation`, calling `onCancel` (once at most, from any thread) when the current task is
    /// cancelled or the call it runs is stopped, while `operation` runs or before it starts.
    package static func withCancellationHandler<T>(
        operation: () async -> T, onCancel: @escaping @Sendable () -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) async -> T {
        guard let stop = current else {
            return await withTaskCancellationHandler(operation: operation, onCancel: onCancel)
        }
        let once = Once(onCancel)
        let id = stop.register(once.run)
        defer { id.map(stop.unregister) }
        return await withTaskCancellationHandler(operation: operation, onCancel: once.run)
    }

    /// A handler that runs once, whichever of the task's cancellation and the stop calls it first.
    private final class Once: Sendable {
        private let ran = Atomic(false)
        private let handler: @Sendable () -> Void

        init(_ handler: @escaping @Sendable () -> Void) { self.handler = handler }

        @Sendable func run() {
            if !ran.exchange(true, ordering: .acquiringAndReleasing) { handler() }
        }
    }
}
