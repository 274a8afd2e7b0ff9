import FoundationEssentials
import Glibc

/// The cache folder's files: made private, synced, renamed, listed.
///
/// Every call is a blocking file-system call, made on the cache's own thread. Files are opened
/// with `O_NOFOLLOW` (a symbolic link where a cache file belongs is refused, never followed) and
/// made 0600; the folder is 0700 and must belong to this user.
struct CacheFolder: Sendable {
    /// The index's file name (its WAL, shared memory and moved-aside copies start with it).
    static let indexName = "index.sqlite"

    let path: String

    /// Makes the folder (0700) or checks the one there.
    /// - Throws: `storage` when it cannot be made, or is a symbolic link, not a folder, or another
    ///   user's.
    init(path: String) throws(CreativeCacheError) {
        self.path = path
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw Self.failure("cannot make the cache folder \(path)")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw Self.failure("cannot read \(path)") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CreativeCacheError(.storage, "\(path) is not a folder (a symbolic link is never followed)")
        }
        guard info.st_uid == geteuid() else {
            throw CreativeCacheError(.storage, "\(path) belongs to another user; the cache keeps its files private")
        }
        guard chmod(path, 0o700) == 0 else { throw Self.failure("cannot make \(path) private") }
    }

    func filePath(_ name: String) -> String { path + "/" + name }

    /// The size of the regular file `name`, or `nil` when there is none (a link or a folder there counts as none).
    func size(of name: String) -> Int? {
        var info = stat()
        guard lstat(filePath(name), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The last change of `name`, in milliseconds since 1970.
    func modified(_ name: String) -> Int64? {
        var info = stat()
        guard lstat(filePath(name), &info) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1000 + Int64(info.st_mtim.tv_nsec) / 1_000_000
    }

    /// Removes `name` if it is there.
    func remove(_ name: String) {
        unlink(filePath(name))
    }

    /// Every name in the folder but the index's own files.
    func names() -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        return names.filter { !$0.hasPrefix(Self.indexName) }.sorted()
    }

    /// Makes the partial file `partial` the complete file `final`: checks it holds `bytes`, makes
    /// it 0600 and renames it. Neither the bytes nor the rename are synced here: the cache records
    /// the file only after ``sync(_:)`` (see ``CreativeCache/persist(key:)``).
    func complete(_ partial: String, as final: String, bytes: Int) throws(CreativeCacheError) {
        let fd = open(filePath(partial), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure("cannot open \(partial)") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CreativeCacheError(.storage, "\(partial) is not a regular file")
        }
        guard Int(info.st_size) == bytes else {
            throw CreativeCacheError(.emptyFile, "the file holds \(info.st_size) bytes, not the \(bytes) downloaded")
        }
        guard fchmod(fd, 0o600) == 0 else { throw Self.failure("cannot make \(partial) private") }
        guard rename(filePath(partial), filePath(final)) == 0 else {
            throw Self.failure("cannot rename \(partial) to \(final)")
        }
    }

    /// Waits until the bytes of the regular file `name` are on disk.
    func sync(_ name: String) throws(CreativeCacheError) {
        let fd = open(filePath(name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw Self.failure("cannot open \(name)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw Self.failure("cannot sync \(name)") }
    }

    /// Writes `data` to `name` atomically (a temporary file, renamed), not synced: for a file whose reader
    /// checks it, since a power cut may leave it empty or missing (never half of two versions).
    func write(_ data: [UInt8], to name: String) throws(CreativeCacheError) {
        let temporary = name + ".tmp"
        unlink(filePath(temporary))
        let fd = open(filePath(temporary), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure("cannot create \(temporary)") }
        var written = 0
        while written < data.count {
            let count = data[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(fd)
                throw Self.failure("cannot write \(temporary)")
            }
            written += count
        }
        let madePrivate = fchmod(fd, 0o600) == 0
        close(fd)
        guard madePrivate, rename(filePath(temporary), filePath(name)) == 0 else {
            throw Self.failure("cannot store \(name)")
        }
    }

    /// The regular file `name`, at most `limit` bytes; `nil` when it is missing, larger or unreadable.
    func read(_ name: String, limit: Int) -> [UInt8]? {
        let fd = open(filePath(name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        return bytes
    }

    private static func failure(_ what: String) -> CreativeCacheError {
        CreativeCacheError(.storage, "\(what): \(String(cString: strerror(errno)))")
    }
}
