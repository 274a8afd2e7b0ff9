internal import CSQLite
import FoundationEssentials
import Glibc

/// Telling the store's own schema from a damaged or foreign one, which the opener moves aside.
extension BeaconStore {
    /// The `beacons` table's columns as `PRAGMA table_info` describes them: name, declared type,
    /// `NOT NULL`, primary key. A store migrated from an older version has the same list.
    static let expectedColumns = [
        "id INTEGER PRIMARY KEY", "ad_instance TEXT NOT NULL", "event TEXT NOT NULL", "url TEXT NOT NULL",
        "hop INTEGER", "enqueued_at INTEGER NOT NULL", "expires_at INTEGER NOT NULL", "attempts INTEGER NOT NULL",
        "next_attempt_at INTEGER NOT NULL", "state TEXT NOT NULL", "last_status INTEGER", "last_error TEXT",
        "finished_at INTEGER", "host TEXT NOT NULL", "key_hash INTEGER NOT NULL",
    ]

    /// Runs `body` (setting the store up, migrating, preparing statements), reporting an SQL error
    /// as a damaged schema: the statements are the library's own, so `SQLITE_ERROR` ("unsupported
    /// file format", "no such table", "no such column", "duplicate column name", "no such index")
    /// means the file's header or schema is not the store's. Busy, I/O and full-disk errors pass
    /// through unchanged.
    static func damageAsSchema<T>(_ path: String, _ body: () throws(BeaconStoreError) -> T) throws(BeaconStoreError)
        -> T
    {
        do {
            return try body()
        } catch let error where error.code == .statementFailed && (error.resultCode ?? 0) & 0xFF == Int(SQLITE_ERROR) {
            throw BeaconStoreError(
                .schema, "\(path) does not have the beacon store's format or schema: \(error.message)",
                resultCode: error.resultCode, damagedSchema: true)
        }
    }

    /// Writes the header's `user_version` back in a transaction rolled back, so that a store
    /// SQLite can read but not write fails here rather than at the dispatcher's first write, on
    /// every launch (an empty write transaction does not find it out).
    /// - Throws: ``BeaconStoreError`` of kind `corrupt` when the file can be written but SQLite
    ///   will not write it (its header's write version is one SQLite does not know, so it treats
    ///   the file as read-only: damage, moved aside); `cannotOpen` when the file or its folder is
    ///   read-only (the caller's to fix, never moved).
    static func checkWritable(_ database: SQLiteDatabase, path: String) throws(BeaconStoreError) {
        var version: Int64 = 0
        try database.prepare("PRAGMA user_version").query { version = $0.integer(0) }
        try database.execute("BEGIN IMMEDIATE")
        // Rolled back either way: the probe leaves nothing, not even a commit in the WAL.
        defer { try? database.execute("ROLLBACK") }
        do {
            try database.execute("PRAGMA user_version = \(version)")
        } catch let error where (error.resultCode ?? 0) & 0xFF == Int(SQLITE_READONLY) {
            guard access(path, W_OK) == 0 else {
                throw BeaconStoreError(
                    .cannotOpen, "\(path) is read-only: \(error.message)", resultCode: error.resultCode)
            }
            throw BeaconStoreError(
                .corrupt,
                "\(path) can be written but SQLite treats it as read-only (a damaged header): \(error.message)",
                resultCode: error.resultCode)
        }
    }

    /// Checks what a schema of the right version number may still get wrong: `beacons` is a
    /// table with exactly the store's columns, its idempotency key's numbers have an index of their
    /// own (`key_hash`, all rows), and no trigger runs on writes.
    /// - Throws: ``BeaconStoreError`` of kind `schema`, marked as a damaged schema.
    static func checkSchema(_ database: SQLiteDatabase, path: String) throws(BeaconStoreError) {
        func damaged(_ what: String) -> BeaconStoreError {
            BeaconStoreError(.schema, "\(path) does not have the beacon store's schema: \(what)", damagedSchema: true)
        }
        var kind = ""
        var triggers: Int64 = 0
        try database.prepare("SELECT type FROM sqlite_master WHERE name = 'beacons'").query { kind = $0.text(0) }
        try database.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").query {
            triggers = $0.integer(0)
        }
        guard kind == "table" else { throw damaged(kind.isEmpty ? "no beacons table" : "beacons is a \(kind)") }
        guard triggers == 0 else { throw damaged("\(triggers) trigger(s), which the store never makes") }
        var columns: [String] = []
        try database.prepare("SELECT name, upper(type), \"notnull\", pk FROM pragma_table_info('beacons')").query {
            row in
            columns.append(
                row.text(0) + " " + row.text(1) + (row.integer(2) != 0 ? " NOT NULL" : "")
                    + (row.integer(3) == 1 ? " PRIMARY KEY" : ""))
        }
        guard columns == expectedColumns else {
            throw damaged("the beacons table's columns are (\(columns.joined(separator: ", ").prefix(400)))")
        }
        var keys: [String] = []
        try database.prepare("SELECT name FROM pragma_index_list('beacons') WHERE partial = 0").query {
            keys.append($0.text(0))
        }
        let info = try database.prepare("SELECT name FROM pragma_index_info(?1) ORDER BY seqno")
        for key in keys {
            var names: [String] = []
            try info.query([.text(key)]) { names.append($0.text(0)) }
            if names == ["key_hash"] { return }
        }
        throw damaged("no index of the idempotency key (key_hash)")
    }
}
