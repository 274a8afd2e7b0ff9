import Foundation
import Glibc
import TestSupport
import Testing

@testable import VASTCheck

/// `vastcheck`'s synchronous main runs its command with ``CallingThreadExecutor`` preferred
/// (``VASTCheck/runOnCallingThread(_:console:)``): the command's task, its child tasks and the jobs other threads
/// resume run on the thread that called it; work that asks for the global executor leaves it; and the result is
/// the same as ``VASTCheck/run(_:console:)``'s.
@Suite(.timeLimit(.minutes(1))) struct CallingThreadExecutorTests {
    /// Runs `body` on a thread of its own, as a program's main thread would, and hands back its result.
    private static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: body()) }
        }
    }

    @Test func theTaskItsChildrenAndResumedJobsRunOnTheCallingThread() async {
        let (caller, seen) = await Self.onOwnThread { () -> (pthread_t, [pthread_t]) in
            let caller = pthread_self()
            let seen = CallingThreadExecutor.drive { () async -> [pthread_t] in
                var seen = [pthread_self()]
                async let child = pthread_self()
                seen.append(await child)
                await withTaskGroup(of: pthread_t.self) { group in
                    for _ in 0..<4 { group.addTask { pthread_self() } }
                    for await one in group { seen.append(one) }
                }
                // Resumed by another thread: the job comes back to the calling thread.
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread { continuation.resume() }
                }
                seen.append(pthread_self())
                try? await Task.sleep(for: .milliseconds(5))
                seen.append(pthread_self())
                return seen
            }
            return (caller, seen)
        }
        #expect(seen == Array(repeating: caller, count: 8), "every step ran on the calling thread")
        #expect(caller != pthread_self(), "the test itself runs elsewhere, so the check can fail")
    }

    @Test func workThatAsksForTheGlobalExecutorLeavesTheCallingThread() async {
        let (caller, outer, inner) = await Self.onOwnThread { () -> (pthread_t, pthread_t, pthread_t) in
            let caller = pthread_self()
            let (outer, inner) = CallingThreadExecutor.drive { () async -> (pthread_t, pthread_t) in
                let outer = pthread_self()
                let inner = await withTaskGroup(of: pthread_t.self) { group in
                    group.addTask(executorPreference: globalConcurrentExecutor) { pthread_self() }
                    return await group.next() ?? outer
                }
                return (outer, inner)
            }
            return (caller, outer, inner)
        }
        #expect(outer == caller)
        #expect(inner != caller)
    }

    @Test func validateOnTheCallingThreadMatchesTheAsyncRun() async {
        await expectValidateMatchesTheAsyncRun { arguments, console in
            await Self.onOwnThread { VASTCheck.runOnCallingThread(arguments, console: console) }
        }
    }
}
