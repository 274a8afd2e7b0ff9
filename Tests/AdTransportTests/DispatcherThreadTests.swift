import Foundation
import Synchronization
import Testing

@testable import AdTransport

/// The dispatcher's serial thread: blocks in order, delayed blocks by their time.
@Suite struct DispatcherThreadTests {
    /// What the blocks saw, in the order they ran, and when.
    final class Log: Sendable {
        private let entries = Mutex<[(name: String, at: ContinuousClock.Instant)]>([])
        func add(_ name: String) { entries.withLock { $0.append((name, .now)) } }
        var names: [String] { entries.withLock { $0.map(\.name) } }
        func time(of name: String) -> ContinuousClock.Instant? { entries.withLock { $0.first { $0.name == name }?.at } }
        func wait(for count: Int) async {
            let deadline = ContinuousClock.now + .seconds(5)
            while entries.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    @Test func delayedBlocksRunByTheirTimeAfterTheWorkQueuedBeforeThem() async {
        let thread = DispatcherThread(name: "test")
        defer { thread.stop() }
        let log = Log()
        let start = ContinuousClock.now
        thread.post(after: .milliseconds(60)) { log.add("late") }
        thread.post(after: .milliseconds(20)) { log.add("early") }
        thread.post(after: .zero) { log.add("now, delayed") }
        thread.post { log.add("first") }
        thread.post { log.add("second") }
        await log.wait(for: 5)
        #expect(log.names == ["first", "second", "now, delayed", "early", "late"])
        let early = log.time(of: "early").map { start.duration(to: $0) }
        let late = log.time(of: "late").map { start.duration(to: $0) }
        #expect(early.map { $0 >= .milliseconds(20) } == true)
        #expect(late.map { $0 >= .milliseconds(60) } == true)
    }

    @Test func aDelayedBlockRunsWhileTheThreadStaysBusy() async {
        // Work posted without a pause must not hold a due block back until the queue empties.
        let thread = DispatcherThread(name: "test")
        defer { thread.stop() }
        let log = Log()
        // Busy until the delayed block has run (or 2 s, when it never runs while work keeps coming).
        let giveUp = ContinuousClock.now + .seconds(2)
        thread.post(after: .milliseconds(10)) { log.add("delayed") }
        @Sendable func keepBusy() {
            guard log.names.isEmpty, ContinuousClock.now < giveUp else { return log.add("idle") }
            usleep(1_000)
            thread.post(keepBusy)
        }
        thread.post(keepBusy)
        await log.wait(for: 2)
        #expect(log.names == ["delayed", "idle"])
    }
}
