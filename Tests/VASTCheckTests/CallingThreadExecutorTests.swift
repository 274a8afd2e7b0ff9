import Foundation
import Synchronization
import TestSupport
import Testing

@testable import VASTCheck

/// `vastcheck`'s main runs its command through ``CallingThreadExecutor``: the command's task, its child tasks and
/// the jobs other threads resume stay on the calling thread; a batch's documents still run side by side; and the
/// result is the same as the async `run`.
@Suite struct CallingThreadExecutorTests {
    /// The thread the code that calls this runs on.
    private static func currentThread() -> UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    @Test func theTaskItsChildrenAndResumedJobsRunOnTheCallingThread() async throws {
        let (caller, seen) = try await onOwnThread {
            let caller = Self.currentThread()
            let seen = CallingThreadExecutor().run { () -> [UInt] in
                var threads = [Self.currentThread()]
                async let child = Self.currentThread()
                threads.append(await child)
                await withTaskGroup(of: UInt.self) { group in
                    for _ in 0..<4 { group.addTask { Self.currentThread() } }
                    for await thread in group { threads.append(thread) }
                }
                // Resumed by another thread: the job comes back to the calling thread.
                await withCheckedContinuation { continuation in
                    Thread.detachNewThread { continuation.resume() }
                }
                threads.append(Self.currentThread())
                return threads
            }
            return (caller, seen)
        }
        #expect(seen.count == 7)
        #expect(seen.allSatisfy { $0 == caller }, "every step ran on the calling thread")
    }

    @Test func workThatAsksForTheGlobalExecutorLeavesTheCallingThread() async throws {
        let (caller, seen) = try await onOwnThread {
            let caller = Self.currentThread()
            let seen = CallingThreadExecutor().run { () -> UInt in
                await withTaskGroup(of: UInt.self) { group in
                    group.addTask(executorPreference: globalConcurrentExecutor) { Self.currentThread() }
                    return await group.next() ?? caller
                }
            }
            return (caller, seen)
        }
        #expect(seen != caller)
    }

    @Test func validateOnTheCallingThreadMatchesTheAsyncRun() async throws {
        let one = [Repository.path("vast-samples/v42-inline-linear-full.xml")]
        let many = [
            Repository.path("vast-samples/v42-inline-linear-full.xml"),
            Repository.path("vast-samples/v42-invalid-inline-missing-adsystem.xml"),
            Repository.path("vast-samples/v42-malformed-truncated.xml"),
            Repository.path("vast-samples/v20-inline-linear.xml"),
        ]
        for (sources, expected) in [(one, ExitCode.success), (many, ExitCode.invalid)] {
            let arguments = ["validate", "--json", "--jobs", "3"] + sources
            let asynchronous = CapturedConsole()
            let asyncCode = await VASTCheck.run(arguments, console: asynchronous.console)
            let blocking = CapturedConsole()
            let console = blocking.console
            let blockingCode = try await onOwnThread { VASTCheck.runOnCallingThread(arguments, console: console) }
            #expect(asyncCode == expected)
            #expect(blockingCode == expected)
            #expect(blocking.out == asynchronous.out)
            #expect(blocking.err == asynchronous.err)
        }
    }
}
