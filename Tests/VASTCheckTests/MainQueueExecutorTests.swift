import Dispatch
import Foundation
import TestSupport
import Testing

@testable import VASTCheck

/// `vastcheck`'s main runs its command with ``MainQueueExecutor`` preferred: the command's task, its child tasks
/// and the jobs other threads resume run on the main queue; a batch's documents still run side by side; and the
/// result is the same as ``VASTCheck/run(_:console:)``'s.
@Suite(.timeLimit(.minutes(1))) struct MainQueueExecutorTests {
    /// Set on the main queue only, so a job can tell where it runs.
    private static let marker: DispatchSpecificKey<Int> = {
        let key = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    private static func onMainQueue() -> Bool { DispatchQueue.getSpecific(key: marker) == 1 }

    @Test func theTaskItsChildrenAndResumedJobsRunOnTheMainQueue() async {
        _ = Self.marker
        let seen = await withTaskExecutorPreference(MainQueueExecutor()) { () async -> [Bool] in
            var seen = [Self.onMainQueue()]
            async let child = Self.onMainQueue()
            seen.append(await child)
            await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 { group.addTask { Self.onMainQueue() } }
                for await one in group { seen.append(one) }
            }
            // Resumed by another thread: the job comes back to the main queue.
            await withCheckedContinuation { continuation in
                Thread.detachNewThread { continuation.resume() }
            }
            seen.append(Self.onMainQueue())
            return seen
        }
        #expect(seen == Array(repeating: true, count: 7), "every step ran on the main queue")
        #expect(!Self.onMainQueue(), "the test itself runs elsewhere, so the check can fail")
    }

    @Test func workThatAsksForTheGlobalExecutorLeavesTheMainQueue() async {
        _ = Self.marker
        let (outer, inner) = await withTaskExecutorPreference(MainQueueExecutor()) { () async -> (Bool, Bool) in
            let outer = Self.onMainQueue()
            let inner = await withTaskGroup(of: Bool.self) { group in
                group.addTask(executorPreference: globalConcurrentExecutor) { Self.onMainQueue() }
                return await group.next() ?? true
            }
            return (outer, inner)
        }
        #expect(outer)
        #expect(!inner)
    }

    @Test func validateOnTheMainQueueMatchesTheAsyncRun() async {
        await expectValidateMatchesTheAsyncRun { arguments, console in
            await VASTCheck.runOnMainQueue(arguments, console: console)
        }
    }
}
