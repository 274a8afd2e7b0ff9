import FoundationEssentials
import Glibc

/// The files of a store's set, and how they are opened: never through a symbolic link, and
/// readable by the owner only (they hold device identifiers and consent strings).
///
/// The set is the database, the three files SQLite keeps beside it (`-wal`, `-shm`,
/// `-journal`) and the dispatcher's `.lock` (``BeaconStoreLock``). The database is created
/// here, 0600 with `O_NOFOLLOW`, before SQLite opens it (SQLite would create it 0644 less the
/// umask); SQLite then creates the `-wal`, `-shm` and `-journal` files with the database's mode,
/// `O_NOFOLLOW` too, and is asked to refuse a link at the database's own path
/// (`SQLITE_OPEN_NOFOLLOW`). A link found at any path of the set beforehand is refused with
/// `BeaconStoreError.Code.symbolicLink`, and nothing at all is written.
enum BeaconStoreFiles {
    /// The suffixes of the files SQLite keeps beside the database.
    static let companions = ["-wal", "-shm", "-journal"]

    /// How ``Entry/other(_:)`` names a directory.
    static let directory = "a directory"

    /// What is at a path, as `lstat` sees it (a link is not followed).
    enum Entry: Equatable {
        case absent
        case file
        case symbolicLink
        /// A directory, a FIFO, a socket or a device, named.
        case other(String)
    }

    /// What is at `path`, without following a link.
    static func entry(at path: String) -> Entry {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .absent }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFLNK: return .symbolicLink
        case S_IFDIR: return .other(directory)
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        default: return .other("a device")
        }
    }

    /// The error for a symbolic link at `path`, a file of the store at `storePath`.
    static func linkRefused(_ path: String, storePath: String) -> BeaconStoreError {
        BeaconStoreError(
            .symbolicLink,
            "\(path) is a symbolic link: the beacon store \(storePath) is never opened through one, and nothing "
                + "was written; remove the link")
    }

    /// Throws `symbolicLink` when the database at `path` or one of its companions is a link.
    static func refuseLinks(_ path: String) throws(BeaconStoreError) {
        for candidate in [path] + companions.map({ path + $0 }) where entry(at: candidate) == .symbolicLink {
            throw linkRefused(candidate, storePath: path)
        }
    }

    /// Creates the database file at `path` (0600, `O_NOFOLLOW`) unless it exists, and makes it and
    /// the companions that exist owner-only, whatever the umask and whatever made them.
    ///
    /// A store made by an older version (0644) is tightened the same way when it is opened.
    /// - Throws: `symbolicLink` for a link at one of the paths; `cannotOpen` when the file cannot
    ///   be created or its mode cannot be set (a file of another user).
    static func makePrivate(_ path: String) throws(BeaconStoreError) {
        try restrict(path, create: true, storePath: path)
        for suffix in companions where entry(at: path + suffix) == .file {
            try restrict(path + suffix, create: false, storePath: path)
        }
    }

    /// Opens `path` without following a link (`O_NONBLOCK`: a FIFO put there since it was looked
    /// at cannot block the open) and sets its mode to 0600 through the descriptor.
    private static func restrict(_ path: String, create: Bool, storePath: String) throws(BeaconStoreError) {
        let flags = O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (create ? O_CREAT : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw linkRefused(path, storePath: storePath) }
            // Removed since it was looked at: SQLite makes it again, with the database's mode.
            if code == ENOENT && !create { return }
            throw BeaconStoreError(.cannotOpen, "cannot open \(path): \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw BeaconStoreError(.cannotOpen, "cannot open \(path): it is not a regular file")
        }
        guard info.st_mode & 0o777 == 0o600 || fchmod(descriptor, 0o600) == 0 else {
            throw BeaconStoreError(
                .cannotOpen, "cannot make \(path) private (mode 0600): \(String(cString: strerror(errno)))")
        }
    }
}
