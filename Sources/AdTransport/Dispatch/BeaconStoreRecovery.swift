/// What a ``BeaconDispatcher`` did about a damaged store when it opened it.
///
/// A damaged file is never deleted: it is renamed `STORE.corrupt-<UTC time>` (its WAL
/// `STORE.corrupt-<UTC time>-wal`, and so on) beside the store, for diagnosis, and the dispatcher
/// goes on with a usable store instead of failing on every launch. The pending beacons a damaged
/// database still lets read are copied into the fresh store (``recoveredBeacons``) and sent; the
/// rest of what the damaged part held is lost: beacons it held that could not be read are never
/// sent, and its memory of delivered keys is gone (a beacon enqueued again is sent again). The app
/// learns of it from ``BeaconDispatcher/recovery`` and a ``BeaconDispatcherEvent/storeRecovered(_:)``
/// event.
public struct BeaconStoreRecovery: Sendable, Hashable, CustomStringConvertible {
    /// What was damaged, and so what was lost.
    public enum Scope: String, Sendable, Hashable {
        /// The database file (garbage, a wrong header, truncated, a failed `quick_check`) or its
        /// schema (no `beacons` table, a table of that name with other
        /// columns, missing indexes or key, triggers): it and its WAL were moved aside and a fresh
        /// store was created, holding the pending beacons that could still be read from it
        /// (``BeaconStoreRecovery/recoveredBeacons``). The others are lost.
        case database
        /// Only the write-ahead log had an unreadable header (garbage, a wrong magic number,
        /// shorter than its header), which SQLite would have skipped without a word, or a path
        /// SQLite keeps a file at beside the database (`-wal`, `-shm`, `-journal`) was a directory,
        /// which fails every open. It was moved aside and the store opened as of its
        /// last checkpoint: beacons committed after that are lost, and some delivered since may be
        /// sent again.
        case writeAheadLog
    }

    /// What was damaged.
    public let scope: Scope
    /// What was wrong, with SQLite's message when SQLite found it.
    public let reason: String
    /// SQLite's result code, when SQLite found the damage.
    public let resultCode: Int?
    /// Where the damaged files are now, in the order they were moved.
    public let movedTo: [String]
    /// Pending beacons read from the damaged database and stored again, to be sent (always 0
    /// for ``Scope/writeAheadLog``).
    public let recoveredBeacons: Int

    init(scope: Scope, reason: String, resultCode: Int? = nil, movedTo: [String], recoveredBeacons: Int = 0) {
        self.scope = scope
        self.reason = reason
        self.resultCode = resultCode
        self.movedTo = movedTo
        self.recoveredBeacons = recoveredBeacons
    }

    public var description: String {
        let kept =
            recoveredBeacons > 0 ? "\(recoveredBeacons) pending beacons were recovered, the rest" : "what it held"
        return "the beacon store's \(scope == .database ? "database" : "write-ahead log") was damaged (\(reason)); "
            + "moved to \(movedTo.joined(separator: ", ")); \(kept) is lost"
    }
}
