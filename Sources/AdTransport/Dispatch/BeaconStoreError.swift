public import AdErrors

/// Why the beacon store could not be opened or used, or why the dispatcher's configuration
/// was refused before any store was opened.
///
/// A `CodedError`: its code can grow without breaking callers (switch on it with a `default`). Store errors carry
/// SQLite's own message and result code.
public struct BeaconStoreError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == BeaconStoreError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<BeaconStoreError>

    /// Which reason this is.
    public let code: Code
    /// What was being done and what went wrong, with SQLite's message when there is one.
    public let message: String
    /// SQLite's (extended) result code, when SQLite reported the failure.
    public let resultCode: Int?

    /// True for a schema that is not the store's (missing tables or indexes, a table with other
    /// columns, triggers): the opener moves such a file aside. A schema from a newer version is
    /// not damaged, and is refused instead.
    let damagedSchema: Bool

    init(_ code: Code, _ message: String, resultCode: Int? = nil, damagedSchema: Bool = false) {
        self.code = code
        self.message = message
        self.resultCode = resultCode
        self.damagedSchema = damagedSchema
    }

    public var description: String {
        resultCode.map { "\(code.description): \(message) (SQLite code \($0))" } ?? "\(code.description): \(message)"
    }
}

extension ErrorCode where Domain == BeaconStoreError {
    /// The database file (or its lock file) could not be opened or created (a missing
    /// directory, no permission).
    public static let cannotOpen = Self("cannotOpen")
    /// SQLite itself cannot be loaded (`libsqlite3.so.0` is missing, or lacks a function the store
    /// uses): the message names the library and the Debian package that has it. Nothing was read or
    /// written through SQLite.
    public static let unavailable = Self("unavailable")
    /// The file opened but its schema is from a newer version of this library (it is left as
    /// it is; a damaged or foreign schema is moved aside instead, see ``BeaconDispatcher/recovery``),
    /// or WAL could not be enabled.
    public static let schema = Self("schema")
    /// A file of the store's set (the database, its `-wal`, `-shm` or `-journal`, or the `.lock`
    /// file) is a symbolic link. The store is never opened through one: nothing is created,
    /// written or moved, and the link and its target are left as they are. The message names the
    /// path.
    public static let symbolicLink = Self("symbolicLink")
    /// A statement failed (an I/O error, the file locked by a process other than a dispatcher
    /// for longer than the busy timeout).
    public static let statementFailed = Self("statementFailed")
    /// Another dispatcher (in this process or another) holds the store: one dispatcher per
    /// file. The message names the path and the holder (its process id).
    public static let inUse = Self("inUse")
    /// The store could not take the batch: the disk is full, or the store reached
    /// ``BeaconDispatcherConfiguration/maxStoreBytes`` (SQLite's `SQLITE_FULL`). Nothing of the
    /// batch was stored.
    public static let diskFull = Self("diskFull")
    /// SQLite found the file damaged while the dispatcher was running (`SQLITE_CORRUPT`,
    /// `SQLITE_NOTADB`). A damaged store found when the dispatcher opens it is moved aside
    /// instead (see ``BeaconDispatcher/recovery``).
    public static let corrupt = Self("corrupt")
    /// The dispatcher was closed (``BeaconDispatcher/close()``): it takes no more beacons.
    public static let closed = Self("closed")
    /// A field of ``BeaconDispatcherConfiguration`` is out of range; no store was opened.
    public static let invalidConfiguration = Self("invalidConfiguration")
}
