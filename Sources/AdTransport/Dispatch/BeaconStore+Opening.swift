import Foundation

/// Opening a store for a dispatcher: its lock first, then a damaged store moved aside.
extension BeaconStore {
    /// Takes the store's lock, then opens it; a damaged WAL or database is moved aside first.
    ///
    /// The lock comes first, so that nothing is moved while another dispatcher uses the files.
    /// - Parameters:
    ///   - now: the wall clock (ms since 1970), for the moved files' names.
    /// - Returns: the store, and what was done about damage, if anything was.
    /// - Throws: ``BeaconStoreError``: `inUse`, `cannotOpen`, `schema`, or the error of a fresh
    ///   store that could not be created in place of a damaged one.
    static func open(path: String, maxStoreBytes: Int, now: Int64) throws(BeaconStoreError)
        -> (store: BeaconStore, recovery: BeaconStoreRecovery?)
    {
        let lock = try BeaconStoreLock(storePath: path)
        let aside = freeName(path + ".corrupt-" + stamp(now))
        var recovery: BeaconStoreRecovery?
        if let problem = WALHeader.problem(at: path + "-wal") {
            let moved = try moveAside(path + "-wal", to: aside + "-wal")
            removeSharedMemory(path)
            recovery = BeaconStoreRecovery(scope: .writeAheadLog, reason: problem, movedTo: [moved])
        }
        do throws(BeaconStoreError) {
            return (try BeaconStore(path: path, lock: lock, maxStoreBytes: maxStoreBytes), recovery)
        } catch let error where error.code == .corrupt {
            var moved = recovery?.movedTo ?? []
            moved.append(try moveAside(path, to: aside))
            if FileManager.default.fileExists(atPath: path + "-wal") {
                moved.append(try moveAside(path + "-wal", to: aside + "-wal"))
            }
            removeSharedMemory(path)
            let store = try BeaconStore(path: path, lock: lock, maxStoreBytes: maxStoreBytes)
            return (
                store,
                BeaconStoreRecovery(
                    scope: .database, reason: error.message, resultCode: error.resultCode,
                    movedTo: moved)
            )
        }
    }

    /// `STORE.corrupt-<stamp>`, with `-2`, `-3`... added when a file of that name (or its WAL's) exists.
    private static func freeName(_ base: String) -> String {
        let exists = { (name: String) in
            FileManager.default.fileExists(atPath: name) || FileManager.default.fileExists(atPath: name + "-wal")
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
        try? FileManager.default.removeItem(atPath: path + "-shm")
    }

    /// `20250102T030405.678Z`: UTC, sortable, safe in a file name.
    static func stamp(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return String(milliseconds) }
        return String(
            format: "%04d%02d%02dT%02d%02d%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec),
            Int(abs(milliseconds % 1000)))
    }
}
