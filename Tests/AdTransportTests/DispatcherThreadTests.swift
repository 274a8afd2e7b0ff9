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
        // The thread is held inside a block while the others are posted: otherwise it may wake between two
        // posts and rightly run the block due at once before work that was posted after it.
        let release = DispatchSemaphore(value: 0)
        thread.post {
            log.add("holding")
            release.wait()
        }
        await log.wait(for: 1)
        let start = ContinuousClock.now
        thread.post(after: .milliseconds(60)) { log.add("late") }
        thread.post(after: .milliseconds(20)) { log.add("early") }
        thread.post(after: .zero) { log.add("now, delayed") }
        thread.post { log.add("first") }
        thread.post { log.add("second") }
        release.signal()
        await log.wait(for: 6)
        #expect(log.names == ["holding", "first", "second", "now, delayed", "early", "late"])
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

    @Test func aThreadWaitingForADelayedBlockSleepsUntilItIsDue() async throws {
        // A block due in a minute: the thread must sleep, not wake every millisecond to look at the clock
        // (it did: about 500 wake-ups in half a second). Its wake-ups are its context switches in /proc.
        let name = "idle-\(UInt32.random(in: 0...0xFFFF))"
        let thread = DispatcherThread(name: name)
        defer { thread.stop() }
        let log = Log()
        thread.post(after: .seconds(60)) { log.add("a minute later") }
        thread.post { log.add("now") }
        await log.wait(for: 1)
        let before = try #require(Self.contextSwitches(ofThreadNamed: name))
        try await Task.sleep(for: .milliseconds(500))
        let after = try #require(Self.contextSwitches(ofThreadNamed: name))
        #expect(after - before <= 5, "the waiting thread woke \(after - before) times in 500 ms")
        #expect(log.names == ["now"])
        // A block posted meanwhile still wakes it at once, and an earlier delayed block runs by its time.
        thread.post(after: .milliseconds(20)) { log.add("soon") }
        await log.wait(for: 2)
        #expect(log.names == ["now", "soon"])
    }

    /// The voluntary and involuntary context switches of this process's thread named `name` (Linux /proc).
    static func contextSwitches(ofThreadNamed name: String) -> Int? {
        let tasks = "/proc/self/task"
        for id in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            guard let comm = try? String(contentsOfFile: "\(tasks)/\(id)/comm", encoding: .utf8),
                comm.trimmingCharacters(in: .whitespacesAndNewlines) == String(name.prefix(15)),
                let status = try? String(contentsOfFile: "\(tasks)/\(id)/status", encoding: .utf8)
            else { continue }
            let lines = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
            let counts = lines.compactMap { line in
                Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
            }
            return counts.count == 2 ? counts.reduce(0, +) : nil
        }
        return nil
    }
}
