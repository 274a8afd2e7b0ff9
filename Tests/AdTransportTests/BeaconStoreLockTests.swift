import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import AdTransport

/// The store's lock closes each descriptor it opens exactly once, also when it refuses.
@Suite(.serialized) struct BeaconStoreLockTests {
    /// A refused lock (another holds the store) must not close its descriptor twice: the number
    /// is free after the first close, another thread's `open` may be given it, and a second close
    /// would take that thread's file away (a socket, a database's WAL).
    ///
    /// A thread opens `/dev/null`, checks its descriptor and closes it, over and over, while this
    /// one is refused the lock 3,000 times: each refusal's descriptor is the lowest free number,
    /// the one that thread's next `open` gets, so a second close lands on it often (before the
    /// fix, on 99 to 146 of that thread's descriptors in three runs). Every descriptor that thread
    /// opened must stay its own.
    @Test func aRefusedLockClosesItsDescriptorOnceWhileOtherThreadsOpenFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.store()
        let held = try BeaconStoreLock(storePath: store)
        let tally = Tally()
        let opener = Thread {
            while !tally.stop.load(ordering: .acquiring) {
                let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { continue }
                tally.opened.add(1, ordering: .relaxed)
                var lost = false
                for _ in 0..<50 where !lost { lost = fcntl(descriptor, F_GETFD) < 0 }
                if lost || close(descriptor) != 0 { tally.stolen.add(1, ordering: .relaxed) }
            }
        }
        opener.start()
        var refused = 0
        for _ in 0..<3_000 {
            do {
                _ = try BeaconStoreLock(storePath: store)
            } catch {
                if error.code == .inUse { refused += 1 }
            }
        }
        tally.stop.store(true, ordering: .releasing)
        while !opener.isFinished { usleep(1_000) }
        #expect(refused == 3_000)
        #expect(tally.opened.load(ordering: .relaxed) > 0)
        #expect(tally.stolen.load(ordering: .relaxed) == 0, "descriptors closed under another thread")
        withExtendedLifetime(held) {}
    }

    /// What the opening thread saw.
    private final class Tally: Sendable {
        let stop = Atomic<Bool>(false)
        let opened = Atomic<Int>(0)
        let stolen = Atomic<Int>(0)
    }
}
