/// Why the beacon store could not be opened or used, or why the dispatcher's configuration
/// was refused before any store was opened.
///
/// A struct with a kind, so kinds can be added without breaking callers. Store errors carry
/// SQLite's own message and result code.
public struct BeaconStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure families.
    public enum Kind: String, Sendable, Hashable {
        /// The database file (or its lock file) could not be opened or created (a missing
        /// directory, no permission).
        case cannotOpen
        /// The file opened but its schema could not be set up or is from an unknown version.
        case schema
        /// A statement failed (an I/O error, the file locked by a process other than a dispatcher
        /// for longer than the busy timeout).
        case statementFailed
        /// Another dispatcher (in this process or another) holds the store: one dispatcher per
        /// file. The message names the path and the holder (its process id).
        case inUse
        /// The store could not take the batch: the disk is full, or the store reached
        /// ``BeaconDispatcherConfiguration/maxStoreBytes`` (SQLite's `SQLITE_FULL`). Nothing of the
        /// batch was stored.
        case diskFull
        /// SQLite found the file damaged while the dispatcher was running (`SQLITE_CORRUPT`,
        /// `SQLITE_NOTADB`). A damaged store found when the dispatcher opens it is moved aside
        /// instead (see ``BeaconDispatcher/recovery``).
        case corrupt
        /// The dispatcher was closed (``BeaconDispatcher/close()``): it takes no more beacons.
        case closed
        /// A field of ``BeaconDispatcherConfiguration`` is out of range; no store was opened.
        case invalidConfiguration
    }

    /// The family.
    public let kind: Kind
    /// What was being done and what went wrong, with SQLite's message when there is one.
    public let message: String
    /// SQLite's (extended) result code, when SQLite reported the failure.
    public let resultCode: Int?

    init(_ kind: Kind, _ message: String, resultCode: Int? = nil) {
        self.kind = kind
        self.message = message
        self.resultCode = resultCode
    }

    public var description: String {
        resultCode.map { "\(kind.rawValue): \(message) (SQLite code \($0))" } ?? "\(kind.rawValue): \(message)"
    }
}
