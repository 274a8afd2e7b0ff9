import FoundationEssentials
import Glibc

/// Copying the pending beacons a damaged store still lets read into the fresh one.
extension BeaconStore {
    /// At most this many rows are read from a damaged store (a store's queue holds 10,000 by
    /// default; the fresh store's size cap stops the copy earlier anyway).
    static let maxSalvagedRows = 100_000

    /// Reads the pending (and in-flight) beacons of the damaged store moved to `aside`, read-only,
    /// and stores those whose TTL has not passed in `store`, due at once. Returns how many were
    /// stored.
    ///
    /// Best effort, never throwing: rows are read until SQLite meets damage, and what was read
    /// before it is kept. Nothing is read unless `beacons` has the columns a beacon needs
    /// (`ad_instance`, `event`, `url`, `state`, `expires_at`). A beacon that was being sent may
    /// have reached its server: it is sent again, as after a crash. The damaged file is not
    /// changed (SQLite may make a `-shm` beside it to read its WAL, which is removed).
    static func salvage(from aside: String, into store: BeaconStore, now: Int64) -> Int {
        guard BeaconStoreFiles.entry(at: aside) == .file else { return 0 }
        let sharedMemory = aside + "-shm"
        let hadSharedMemory = BeaconStoreFiles.entry(at: sharedMemory) != .absent
        defer {
            if !hadSharedMemory && BeaconStoreFiles.entry(at: sharedMemory) == .file { unlink(sharedMemory) }
        }
        let rows = readable(aside)
        var stored = 0
        for start in stride(from: 0, to: rows.count, by: 1_000) {
            let chunk = rows[start..<min(start + 1_000, rows.count)]
            do {
                stored += try store.transaction { () throws(BeaconStoreError) in
                    var count = 0
                    for (beacon, expiresAt) in chunk where expiresAt > now {
                        if try store.insert(beacon, host: beacon.host, now: now, expiresAt: expiresAt) { count += 1 }
                    }
                    return count
                }
            } catch {
                // The fresh store is full: the rest cannot be kept either.
                break
            }
        }
        return stored
    }

    /// The pending and in-flight beacons that can be read from the store at `path`, with their
    /// `expires_at`, up to ``maxSalvagedRows``.
    private static func readable(_ path: String) -> [(Beacon, Int64)] {
        var rows: [(Beacon, Int64)] = []
        do throws(BeaconStoreError) {
            let database = try SQLiteDatabase(path: path, readOnly: true)
            var columns: Set<String> = []
            try database.prepare("SELECT name FROM pragma_table_info('beacons')").query { columns.insert($0.text(0)) }
            guard columns.isSuperset(of: ["ad_instance", "event", "url", "state", "expires_at"]) else { return [] }
            let hop = columns.contains("hop") ? "hop" : "NULL"
            try database.prepare(
                """
                SELECT ad_instance, event, url, \(hop), expires_at FROM beacons
                WHERE state IN ('pending', 'sending') LIMIT \(maxSalvagedRows)
                """
            ).query { row in
                let url = row.text(2)
                guard !url.isEmpty, let expiresAt = row.optionalInteger(4) else { return }
                let beacon = Beacon(
                    url: url, event: row.text(1), adInstance: row.text(0),
                    hop: row.optionalInteger(3).flatMap { Int(exactly: $0) })
                rows.append((beacon, expiresAt))
            }
        } catch {
            // Damage met while reading: the rows read before it are kept.
        }
        return rows
    }
}
