import AdErrors
import FoundationEssentials
import Glibc

/// Opening a store for a dispatcher: its lock first, then links refused, then a damaged store
/// moved aside.
extension BeaconStore {
    /// A store opened for a dispatcher, with what its first reads found.
    struct Opened {
        let store: BeaconStore
        /// What was done about damage, if anything was.
        let recovery: BeaconStoreRecovery?
        /// Rows a previous process left mid-send, put back to pending.
        let recoveredInFlight: Int
        /// Every host with pending rows.
        let hostQueues: [HostQueue]
    }

    /// Takes the store's lock, then opens it; a damaged WAL, database or schema is moved aside
    /// first, and the pending beacons a damaged database still lets read are copied into the
    /// fresh store.
    ///
    /// The lock comes first, so that nothing is moved while another dispatcher uses the files.
    /// A symbolic link at any path of the store's set (``BeaconStoreFiles``) is refused before
    /// anything is written or moved.
    /// - Parameters:
    ///   - now: the wall clock (ms since 1970), for the moved files' names and the recovered
    ///     beacons' TTLs.
    /// The dispatcher's first reads and writes (rows left mid-send, the purge, the host queues) run
    /// here too, so that damage `quick_check` cannot see (a row missing from an index, which it does
    /// not compare with the table) is found while the store can still be moved aside, rather than
    /// failing every launch.
    /// - Returns: the store, what was done about damage, and what the first reads found.
    /// - Throws: ``BeaconStoreError``: `inUse`, `symbolicLink`, `cannotOpen`, `schema` (a newer
    ///   version's), or the error of a fresh store that could not be created in place of a
    ///   damaged one.
    static func open(path: String, maxStoreBytes: Int, now: Int64) throws(BeaconStoreError) -> Opened {
        let lock = try BeaconStoreLock(storePath: path)
        try BeaconStoreFiles.refuseLinks(path)
        // Never moved: a path that names a folder or a device by mistake (`/dev/null`) is the
        // caller's, not a damaged store.
        if case .other(let what) = BeaconStoreFiles.entry(at: path) {
            throw BeaconStoreError(.cannotOpen, "cannot open \(path): it is \(what), not a file")
        }
        let aside = freeName(path + ".corrupt-" + stamp(now))
        var recovery = try moveAsideCompanions(path, to: aside)
        do throws(BeaconStoreError) {
            return try ready(BeaconStore(path: path, lock: lock, maxStoreBytes: maxStoreBytes), recovery, now: now)
        } catch let error where error.code == .corrupt || error.damagedSchema {
            var moved = recovery?.movedTo ?? []
            moved.append(try moveAside(path, to: aside))
            if BeaconStoreFiles.entry(at: path + "-wal") == .file {
                if moved.contains(aside + "-wal") {
                    // Made by SQLite during the failed open, after the damaged one was moved.
                    unlink(path + "-wal")
                } else {
                    moved.append(try moveAside(path + "-wal", to: aside + "-wal"))
                }
            }
            removeSharedMemory(path)
            let store = try BeaconStore(path: path, lock: lock, maxStoreBytes: maxStoreBytes)
            recovery = BeaconStoreRecovery(
                scope: .database, reason: error.message, resultCode: error.resultCode, movedTo: moved,
                recoveredBeacons: salvage(from: aside, into: store, now: now))
            return try ready(store, recovery, now: now)
        }
    }

    /// Runs the dispatcher's first reads and writes on `store`.
    private static func ready(_ store: BeaconStore, _ recovery: BeaconStoreRecovery?, now: Int64)
        throws(BeaconStoreError) -> Opened
    {
        let recoveredInFlight = try store.recoverInterrupted(now: now)
        try store.purgeFinished(now: now)
        return Opened(
            store: store, recovery: recovery, recoveredInFlight: recoveredInFlight, hostQueues: try store.hostQueues())
    }

    /// Moves aside the WAL when its header is unreadable, and any of the database's companions
    /// that is a directory (which fails every open).
    /// - Throws: `cannotOpen` for a companion that is a FIFO, a socket or a device: not the
    ///   store's, and never moved.
    private static func moveAsideCompanions(_ path: String, to aside: String) throws(BeaconStoreError)
        -> BeaconStoreRecovery?
    {
        var moved: [String] = []
        var reasons: [String] = []
        for suffix in BeaconStoreFiles.companions {
            guard case .other(let what) = BeaconStoreFiles.entry(at: path + suffix) else { continue }
            guard what == BeaconStoreFiles.directory else {
                throw BeaconStoreError(.cannotOpen, "cannot open \(path): \(path + suffix) is \(what), not a file")
            }
            moved.append(try moveAside(path + suffix, to: aside + suffix))
            reasons.append("\(path + suffix) is \(what), not a file")
        }
        if let problem = WALHeader.problem(at: path + "-wal") {
            moved.append(try moveAside(path + "-wal", to: aside + "-wal"))
            reasons.append(problem)
        }
        guard !moved.isEmpty else { return nil }
        removeSharedMemory(path)
        return BeaconStoreRecovery(scope: .writeAheadLog, reason: reasons.joined(separator: "; "), movedTo: moved)
    }

    /// `STORE.corrupt-<stamp>`, with `-2`, `-3`... added when a file of that name (or a companion's) exists.
    private static func freeName(_ base: String) -> String {
        let exists = { (name: String) in
            ([""] + BeaconStoreFiles.companions).contains { BeaconStoreFiles.entry(at: name + $0) != .absent }
        }
        var name = base
        var suffix = 1
        while exists(name) && suffix < 1000 {
            suffix += 1
            name = base + "-\(suffix)"
        }
        return name
    }

    /// Renames `path` to `target`.
    /// - Returns: the new path.
    private static func moveAside(_ path: String, to target: String) throws(BeaconStoreError) -> String {
        guard rename(path, target) == 0 else {
            throw BeaconStoreError(
                .cannotOpen,
                "\(path) is damaged and could not be moved to \(target): "
                    + String(cString: strerror(errno)))
        }
        return target
    }

    /// Removes the `-shm` index beside the store: SQLite rebuilds it from the WAL, and one left
    /// from moved files would describe frames that are no longer there.
    private static func removeSharedMemory(_ path: String) {
        // Only a file: anything else there was moved aside, and a link is never followed.
        if BeaconStoreFiles.entry(at: path + "-shm") == .file { unlink(path + "-shm") }
    }

    /// `20250102T030405.678Z`: UTC, sortable, safe in a file name.
    static func stamp(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return String(milliseconds) }
        let date =
            (Int(parts.tm_year) + 1900).zeroPadded(4) + (Int(parts.tm_mon) + 1).zeroPadded(2)
            + Int(parts.tm_mday).zeroPadded(2)
        let time = Int(parts.tm_hour).zeroPadded(2) + Int(parts.tm_min).zeroPadded(2) + Int(parts.tm_sec).zeroPadded(2)
        return date + "T" + time + "." + Int(abs(milliseconds % 1000)).zeroPadded(3) + "Z"
    }
}
