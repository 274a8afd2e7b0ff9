import FoundationEssentials
import Glibc

/// The SQLite index of an on-disk file cache (the creative cache's), for modules that may not
/// import SQLite themselves: one row per file, typed.
///
/// The file is created 0600 (whatever the umask) and refused when it, its WAL or its shared
/// memory file is a symbolic link; SQLite gives the WAL and shared-memory files the database
/// file's mode. Durability: WAL with `synchronous=NORMAL`, so a committed change survives the
/// process being killed. A damaged index (not a database, a failed `quick_check`, a foreign or
/// newer schema) is moved aside as `NAME.corrupt-<UTC time>` and a fresh one is made:
/// ``recovery`` says so, and the owner rebuilds the rows from its files.
///
/// Not `Sendable`: one owner uses it on one thread (or one serial queue).
package final class CacheIndex {
    static let schemaVersion: Int64 = 1

    /// What was wrong with the index found at open, when it was moved aside; `nil` otherwise.
    package let recovery: String?
    private let database: SQLiteDatabase
    private let select: SQLiteStatement
    private let upsert: SQLiteStatement
    private let delete: SQLiteStatement
    private let touch: SQLiteStatement

    /// Opens (creating if needed) the index at `path`; a damaged one is moved aside first.
    /// - Throws: ``CacheIndexError`` when the file cannot be made or opened (a symbolic link at one of
    ///   its paths, a folder that cannot be written).
    package init(path: String, now: Int64) throws(CacheIndexError) {
        try Self.refuseLinks(path)
        do throws(BeaconStoreError) {
            (database, select, upsert, delete, touch) = try Self.open(path)
            recovery = nil
        } catch let error where error.code == .corrupt || error.code == .schema {
            let aside = path + ".corrupt-" + BeaconStore.stamp(now)
            guard rename(path, aside) == 0 else {
                throw CacheIndexError(
                    "\(path) is damaged (\(error.message)) and could not be moved aside: "
                        + String(cString: strerror(errno)))
            }
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
            do throws(BeaconStoreError) {
                (database, select, upsert, delete, touch) = try Self.open(path)
            } catch {
                throw CacheIndexError("cannot create a fresh index at \(path): \(error.message)")
            }
            recovery = "\(error.message); moved to \(aside)"
        } catch {
            throw CacheIndexError("cannot open the index \(path): \(error.message)")
        }
    }

    private static func open(_ path: String) throws(BeaconStoreError) -> (
        SQLiteDatabase, SQLiteStatement, SQLiteStatement, SQLiteStatement, SQLiteStatement
    ) {
        try createPrivate(path)
        let database = try SQLiteDatabase(path: path)
        try database.setBusyTimeout(milliseconds: 2_000)
        var verdict = ""
        try database.prepare("PRAGMA quick_check(1)").query { verdict = $0.text(0) }
        guard verdict == "ok" else { throw BeaconStoreError(.corrupt, "quick_check: \(verdict.prefix(300))") }
        try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        var version: Int64 = 0
        try database.prepare("PRAGMA user_version").query { version = $0.integer(0) }
        if version == 0 {
            try database.execute(
                """
                BEGIN IMMEDIATE;
                CREATE TABLE IF NOT EXISTS files (
                    key TEXT PRIMARY KEY, url TEXT NOT NULL, file TEXT NOT NULL, complete INTEGER NOT NULL,
                    bytes INTEGER NOT NULL, total_bytes INTEGER, etag TEXT, last_modified TEXT,
                    content_type TEXT, stored_at INTEGER NOT NULL, used_at INTEGER NOT NULL,
                    checked_at INTEGER NOT NULL
                );
                PRAGMA user_version = \(schemaVersion);
                COMMIT;
                """)
        } else if version != schemaVersion {
            throw BeaconStoreError(.schema, "schema version \(version), not \(schemaVersion)")
        }
        let columns =
            "key, url, file, complete, bytes, total_bytes, etag, last_modified, content_type, "
            + "stored_at, used_at, checked_at"
        // A table of the same name with other columns fails here, as a foreign schema.
        do {
            return (
                database, try database.prepare("SELECT \(columns) FROM files ORDER BY used_at, key"),
                try database.prepare(
                    "INSERT OR REPLACE INTO files (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"
                ),
                try database.prepare("DELETE FROM files WHERE key = ?1"),
                try database.prepare("UPDATE files SET used_at = ?2 WHERE key = ?1")
            )
        } catch {
            throw BeaconStoreError(.schema, error.message)
        }
    }

    /// Every row, least recently used first.
    package func entries() throws(CacheIndexError) -> [CacheIndexEntry] {
        var rows: [CacheIndexEntry] = []
        try run { () throws(BeaconStoreError) in
            try select.query { row in
                rows.append(
                    CacheIndexEntry(
                        key: row.text(0), url: row.text(1), file: row.text(2), complete: row.integer(3) != 0,
                        bytes: Int(row.integer(4)), totalBytes: row.optionalInteger(5).map { Int($0) },
                        etag: row.optionalText(6), lastModified: row.optionalText(7), contentType: row.optionalText(8),
                        storedAt: row.integer(9), usedAt: row.integer(10), checkedAt: row.integer(11)))
            }
        }
        return rows
    }

    /// Adds `entry`, or replaces the row with its key.
    package func save(_ entry: CacheIndexEntry) throws(CacheIndexError) {
        try run { () throws(BeaconStoreError) in
            try upsert.run([
                .text(entry.key), .text(entry.url), .text(entry.file), .integer(entry.complete ? 1 : 0),
                .integer(Int64(entry.bytes)), entry.totalBytes.map { .integer(Int64($0)) } ?? .null,
                entry.etag.map { .text($0) } ?? .null, entry.lastModified.map { .text($0) } ?? .null,
                entry.contentType.map { .text($0) } ?? .null, .integer(entry.storedAt), .integer(entry.usedAt),
                .integer(entry.checkedAt),
            ])
        }
    }

    /// Removes the row of `key`, if there is one.
    package func remove(key: String) throws(CacheIndexError) {
        try run { () throws(BeaconStoreError) in try delete.run([.text(key)]) }
    }

    /// Records that `key` was served at `time`.
    package func markUsed(key: String, at time: Int64) throws(CacheIndexError) {
        try run { () throws(BeaconStoreError) in try touch.run([.text(key), .integer(time)]) }
    }

    private func run(_ body: () throws(BeaconStoreError) -> Void) throws(CacheIndexError) {
        do throws(BeaconStoreError) {
            try body()
        } catch {
            throw CacheIndexError(error.message, corrupt: error.code == .corrupt)
        }
    }

    /// Creates the file 0600 with `O_NOFOLLOW` (SQLite would create it 0644 less the umask) and
    /// tightens an existing one.
    private static func createPrivate(_ path: String) throws(BeaconStoreError) {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw BeaconStoreError(.cannotOpen, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        guard fchmod(fd, 0o600) == 0 else {
            throw BeaconStoreError(.cannotOpen, "cannot make \(path) private: \(String(cString: strerror(errno)))")
        }
    }

    /// Throws when the index, its WAL or its shared-memory file is a symbolic link.
    private static func refuseLinks(_ path: String) throws(CacheIndexError) {
        for candidate in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            if lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw CacheIndexError("\(candidate) is a symbolic link; the index is never opened through one")
            }
        }
    }
}

/// Why a ``CacheIndex`` could not be opened or used.
package struct CacheIndexError: Error, CustomStringConvertible {
    /// What went wrong, with SQLite's message when there is one.
    package let message: String
    /// True when SQLite found the file damaged while it was in use.
    package let corrupt: Bool

    package init(_ message: String, corrupt: Bool = false) {
        self.message = message
        self.corrupt = corrupt
    }

    package var description: String { message }
}
