/// Why the beacon store could not be opened or used, or why the dispatcher's configuration
/// was refused before any store was opened.
///
/// A struct with a kind, so kinds can be added without breaking callers. Store errors carry
/// SQLite's own message and result code.
public struct BeaconStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure families.
    public enum Kind: String, Sendable, Hashable {
        /// The database file could not be opened or created (a missing directory, no permission,
        /// not a database).
        case cannotOpen
        /// The file opened but its schema could not be set up or is from an unknown version.
        case schema
        /// A statement failed (disk full, I/O error, the file locked by another process for longer
        /// than the busy timeout).
        case statementFailed
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
