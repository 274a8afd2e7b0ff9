internal import CSQLite
import FoundationEssentials
import Glibc
import Synchronization

/// Checkpoints a store's WAL on a thread of its own, through a connection of its own, so that the
/// dispatcher's thread never waits for a checkpoint: copying about 4 MiB of pages back into the
/// database file and the two `fsync`s around it took 5 to 10 ms there, during which no verdict was
/// recorded and no send started.
///
/// A `PASSIVE` checkpoint waits for no one: the dispatcher's connection keeps committing while it
/// runs, and starts the WAL again from its beginning at its next write once every frame has been
/// copied back. What a commit survives does not change (docs/durability.md): the checkpoint does
/// the same work and the same two `fsync`s, only elsewhere.
final class WALCheckpointer: @unchecked Sendable {
    // `@unchecked Sendable`: `requested`, `stopping` and `finished` are only touched with
    // `condition` held; `completed` is atomic.
    private let condition = MonotonicCondition()
    private var requested = false
    private var stopping = false
    private var finished = false
    private let completed = Atomic<Int>(0)

    /// Starts the thread, which opens its connection to the database at `path`.
    init(path: String) {
        // Named, so its CPU shows apart from the dispatcher thread's, whose name it would inherit.
        NamedThread.start(name: "adt-checkpoint") { [self] in run(path: path) }
    }

    /// Checkpoints that completed.
    var checkpoints: Int { completed.load(ordering: .relaxed) }

    /// Asks for a checkpoint soon (one more, if one is running). Returns at once.
    func request() {
        condition.lock()
        if !requested {
            requested = true
            condition.signal()
        }
        condition.unlock()
    }

    /// Ends the thread and closes its connection; returns once both are done.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func run(path: String) {
        // Read-write without create: the store's own connection made the file. Never through a link.
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        if ad_sqlite3_open_v2(path, &handle, flags, nil) != SQLITE_OK {
            ad_sqlite3_close_v2(handle)
            handle = nil
        }
        if let handle { ad_sqlite3_exec(handle, "PRAGMA synchronous=NORMAL", nil, nil, nil) }
        condition.lock()
        while true {
            while !requested && !stopping { condition.wait() }
            if stopping { break }
            requested = false
            condition.unlock()
            if let handle, ad_sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) == SQLITE_OK {
                completed.add(1, ordering: .relaxed)
            }
            condition.lock()
        }
        condition.unlock()
        ad_sqlite3_close_v2(handle)
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }
}
