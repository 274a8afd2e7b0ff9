import AdErrors
import FoundationEssentials
import Glibc
import Synchronization

/// The one-dispatcher-per-store rule: an exclusive `flock` on `STORE.lock`, beside the store,
/// held for the store's life.
///
/// Why `flock` on a file of its own:
/// - `flock` locks belong to the open file, so a second opener in the *same* process is refused
///   too (POSIX `fcntl` locks belong to the process: a second open in it would succeed, and
///   closing either descriptor would drop the first's lock). SQLite uses `fcntl` locks on the
///   database itself; a separate file keeps the two from ever meeting.
/// - The kernel drops the lock when the descriptor closes, also when the process is killed
///   (SIGKILL included), so a crash never leaves a stale lock, unlike a pid file.
/// - `LOCK_NB` refuses at once: the second dispatcher gets `BeaconStoreError.Code.inUse`
///   instead of waiting out SQLite's busy timeout and failing with "database is locked".
///
/// The holder writes `pid N (name)` into the file, so a refused opener can say who holds it.
///
/// A lock this process let go can stay held for a moment: a child that another thread of the app is
/// starting (`posix_spawn`, `Process`) holds a copy of every descriptor until its `exec` closes the
/// `O_CLOEXEC` ones, and `flock` is released only when the last copy closes. So when the holder's note
/// names this process and no lock of this process holds the file (``Self/held``), the opener tries
/// again for up to ``Self/releaseWait`` before it refuses: a store closed and reopened while the
/// app starts a program is not "in use".
/// The lock file stays when the store is closed (removing it would let a third opener lock a
/// new file while a second still holds the old one). Advisory: it binds dispatchers, not other
/// programs that open the SQLite file.
final class BeaconStoreLock {
    /// The lock file's path.
    let path: String
    /// Set last in `init`, once the lock is held (see there).
    private let descriptor: Int32
    /// The lock file's device and inode, as held in ``held``.
    private let file: FileID

    /// A lock file by device and inode (however its path is spelled).
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The lock files this process's live locks hold.
    private static let held = Mutex<Set<FileID>>([])
    /// How long an opener waits for a lock that only a copy of this process's closed descriptor holds.
    static let releaseWait: Duration = .seconds(2)

    /// Takes the lock for the store at `storePath`, or fails at once when another holds it (after up to
    /// ``releaseWait`` when only a copy of this process's closed descriptor does).
    /// - Throws: ``BeaconStoreError``: `inUse` naming the holder, `symbolicLink` when the lock's
    ///   path is a link (its target is left untouched), or `cannotOpen` when the lock file cannot
    ///   be created (the store's directory is missing or read-only) or made private.
    init(storePath: String) throws(BeaconStoreError) {
        path = storePath + ".lock"
        // The descriptor is a local until the lock is held: `descriptor` and `file` are the last
        // stored properties set, so an init that throws before them never runs `deinit`, and each
        // failure below closes the descriptor exactly once. (Were they set first, a throw would
        // run `deinit` too, closing the number again after another thread may have been given it.)
        // Owner-only, like the store an app keeps private: it names the holding process. Never
        // through a link: the holder's note would overwrite the link's target.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw BeaconStoreFiles.linkRefused(path, storePath: storePath) }
            throw BeaconStoreError(
                .cannotOpen, "cannot open \(storePath): unable to create its lock file \(path): \(Self.reason(code))")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            info.st_mode & 0o777 == 0o600 || fchmod(descriptor, 0o600) == 0
        else {
            close(descriptor)
            throw BeaconStoreError(
                .cannotOpen, "cannot open \(storePath): its lock file \(path) is not a regular file of this user")
        }
        let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        let giveUp = ContinuousClock.now + Self.releaseWait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            let holder = Self.holder(descriptor)
            if code == EWOULDBLOCK, holder.hasSuffix(", this process"), ContinuousClock.now < giveUp,
                !Self.held.withLock({ $0.contains(id) })
            {
                // Only a copy of a descriptor this process closed holds it (a child between fork and exec).
                usleep(2_000)
                continue
            }
            close(descriptor)
            guard code == EWOULDBLOCK else {
                throw BeaconStoreError(.cannotOpen, "cannot lock \(path): \(Self.reason(code))")
            }
            throw BeaconStoreError(
                .inUse,
                "\(storePath) is in use by another BeaconDispatcher (\(holder)); use one dispatcher per "
                    + "store file, or give this one a file of its own")
        }
        Self.held.withLock { _ = $0.insert(id) }
        self.descriptor = descriptor
        file = id
        let note = Array("pid \(getpid()) (\(ProcessInfo.processInfo.processName))\n".utf8)
        // Only for the message a refused opener shows: a failure here changes nothing else.
        if ftruncate(descriptor, 0) == 0 {
            _ = note.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    deinit {
        _ = Self.held.withLock { $0.remove(file) }
        // Closing the descriptor releases the lock.
        close(descriptor)
    }

    /// Who holds the lock, as the holder wrote it.
    private static func holder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            .trimmingSpacesAndNewlines()
        guard !text.isEmpty else { return "a holder that has not written its name yet" }
        if text.hasPrefix("pid \(getpid()) ") { return text + ", this process" }
        return text
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
