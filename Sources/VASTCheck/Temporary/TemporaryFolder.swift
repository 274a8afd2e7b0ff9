import FoundationEssentials
import Glibc

/// A private folder for one run's temporary files (`getad`'s beacon store), gone on every way out.
///
/// - Made `0700` in the temporary directory (`$TMPDIR`, else `/tmp`) as
///   `vastcheck-PURPOSE-PID-RANDOM`; files in it are made `0600` (SQLite gives its `-wal` and `-shm`
///   files the database file's mode), whatever the umask.
/// - Removed by ``remove()`` (normal and error exits, also from `deinit`) and on SIGINT, SIGTERM
///   and SIGHUP (``TemporaryFiles``).
/// - For what cannot be caught (SIGKILL, a crash): the folder holds a `.lock` file that its process
///   keeps `flock`ed for its whole life, and the kernel drops that lock when the process dies, in
///   any namespace. Every new folder first sweeps the temporary directory: a folder of this user's
///   whose lock can be taken belongs to a dead process and is removed. A folder without a lock is
///   removed only after an hour (a process dies between making it and locking it only by a crash).
final class TemporaryFolder {
    /// Where every folder's name starts.
    static let prefix = "vastcheck-"
    /// The lock file's name inside a folder.
    static let lockName = ".lock"
    /// How old a folder without a lock must be before a sweep removes it.
    static let unlockedAge: TimeInterval = 3600

    /// The folder's absolute path.
    let path: String
    private let lockDescriptor: Int32
    private let token: Int
    private var removed = false

    /// Sweeps stale folders, then makes a new one in `base`.
    /// - Parameters:
    ///   - purpose: a word in the name (`getad`), so a person can tell whose folder it is.
    ///   - base: the temporary directory.
    /// - Throws: ``TemporaryFileError`` when the folder or its lock cannot be made.
    init(purpose: String, in base: String = FileManager.default.temporaryDirectory.path) throws(TemporaryFileError) {
        Self.sweep(in: base)
        let name = "\(Self.prefix)\(purpose)-\(getpid())-\(String(UInt64.random(in: .min ... .max), radix: 16))"
        let path = (base.hasSuffix("/") ? base : base + "/") + name
        guard mkdir(path, 0o700) == 0 else { throw TemporaryFileError("cannot make the folder \(path)", errno: errno) }
        // Registered before anything else, so that a signal from here on removes it.
        token = TemporaryFiles.register(path, isFolder: true)
        chmod(path, 0o700)
        do {
            lockDescriptor = try Self.lock(in: path)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            TemporaryFiles.unregister(token)
            throw error
        }
        self.path = path
    }

    deinit { remove() }

    /// Makes an empty file in the folder, mode `0600`.
    /// - Parameter name: the file's name.
    /// - Returns: its path.
    /// - Throws: ``TemporaryFileError`` when it cannot be made (it exists, the disk is full...).
    func file(_ name: String) throws(TemporaryFileError) -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw TemporaryFileError("cannot make \(file)", errno: errno) }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return file
    }

    /// Removes the folder and everything in it; then releases its lock. Idempotent.
    func remove() {
        guard !removed else { return }
        removed = true
        try? FileManager.default.removeItem(atPath: path)
        close(lockDescriptor)
        TemporaryFiles.unregister(token)
    }

    /// Locks a fresh `.lock` in `folder`: made under another name, locked, then renamed into place,
    /// so a sweep never sees a `.lock` that nobody holds yet.
    private static func lock(in folder: String) throws(TemporaryFileError) -> Int32 {
        let pending = folder + "/.lock-pending"
        let descriptor = open(pending, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw TemporaryFileError("cannot make the lock in \(folder)", errno: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(pending, folder + "/" + lockName) == 0 else {
            let code = errno
            close(descriptor)
            throw TemporaryFileError("cannot lock \(folder)", errno: code)
        }
        return descriptor
    }

    /// Removes the folders in `base` that a dead process of this user left behind (see the type's
    /// documentation). Never follows a symbolic link, never touches another user's folder.
    static func sweep(in base: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where name.hasPrefix(prefix) {
            let folder = (base.hasSuffix("/") ? base : base + "/") + name
            var status = stat()
            guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
                continue
            }
            let descriptor = open(folder + "/" + lockName, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            if descriptor < 0 {
                let age = Date().timeIntervalSince1970 - TimeInterval(status.st_mtim.tv_sec)
                if errno == ENOENT, age > unlockedAge { try? FileManager.default.removeItem(atPath: folder) }
                continue
            }
            // Held: its process is alive. Taken: its process is dead, and the lock keeps a second
            // sweeper off while this one removes the folder.
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { try? FileManager.default.removeItem(atPath: folder) }
            close(descriptor)
        }
    }
}

/// A temporary file or folder that could not be made or written.
struct TemporaryFileError: Error {
    /// What failed and why (the system's words).
    let message: String

    init(_ what: String, errno code: Int32) {
        message = "\(what): \(String(cString: strerror(code)))"
    }
}
