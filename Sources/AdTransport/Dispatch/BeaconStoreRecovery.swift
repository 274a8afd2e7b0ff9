/// What a ``BeaconDispatcher`` did about a damaged store when it opened it.
///
/// A damaged file is never deleted: it is renamed `STORE.corrupt-<UTC time>` (its WAL
/// `STORE.corrupt-<UTC time>-wal`) beside the store, for diagnosis, and the dispatcher goes on
/// with a usable store instead of failing on every launch. What the damaged part held is lost:
/// its beacons are never sent, and its memory of delivered keys is gone (a beacon enqueued
/// again is sent again). The app learns of it from ``BeaconDispatcher/recovery`` and a
/// ``BeaconDispatcherEvent/storeRecovered(_:)`` event.
public struct BeaconStoreRecovery: Sendable, Hashable, CustomStringConvertible {
    /// What was damaged, and so what was lost.
    public enum Scope: String, Sendable, Hashable {
        /// The database file (garbage, a wrong header, truncated, or a failed `quick_check`): it
        /// and its WAL were moved aside and a fresh, empty store was created. Every beacon it
        /// held is lost.
        case database
        /// Only the write-ahead log had an unreadable header (garbage, a wrong magic number,
        /// shorter than its header), which SQLite would have skipped without a word. It was moved
        /// aside and the store opened as of its last checkpoint: beacons committed after that are
        /// lost, and some delivered since may be sent again.
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

    init(scope: Scope, reason: String, resultCode: Int? = nil, movedTo: [String]) {
        self.scope = scope
        self.reason = reason
        self.resultCode = resultCode
        self.movedTo = movedTo
    }

    public var description: String {
        "the beacon store's \(scope == .database ? "database" : "write-ahead log") was damaged (\(reason)); "
            + "moved to \(movedTo.joined(separator: ", ")); what it held is lost"
    }
}
