internal import CSQLite

/// The one owner of a `sqlite3*` connection, and the one place SQLite result codes become errors.
///
/// Not `Sendable`: it lives inside ``BeaconDispatcher`` and is used only on the dispatcher's
/// thread (opened with `SQLITE_OPEN_NOMUTEX`, SQLite's multi-thread mode, so SQLite takes no
/// locks of its own). Statements keep a strong reference to their database, so the connection
/// is closed only after every statement has been finalized.
final class SQLiteDatabase {
    let handle: OpaquePointer
    /// Released only after the connection is closed (the store's lock: no other dispatcher may
    /// open the file while this connection still checkpoints it on close).
    private let guardian: AnyObject?

    /// Opens (creating if needed) the database file at `path`.
    /// - Throws: ``BeaconStoreError`` of kind `cannotOpen`, with SQLite's message.
    init(path: String, guardian: AnyObject? = nil) throws(BeaconStoreError) {
        self.guardian = guardian
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            // SQLite hands back a connection even when opening fails, to carry the message.
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let pointer { sqlite3_close_v2(pointer) }
            throw BeaconStoreError(.cannotOpen, "cannot open \(path): \(message)", resultCode: Int(code))
        }
        handle = pointer
        try check(sqlite3_extended_result_codes(pointer, 1), "enable extended result codes")
    }

    deinit {
        // close_v2 only fails for a bad handle; every statement was finalized before this runs
        // (each holds a reference to the database), so the file is closed here.
        sqlite3_close_v2(handle)
    }

    /// Throws unless `code` is one of `accepted` (by default `SQLITE_OK`), with the
    /// connection's current message: `diskFull` for `SQLITE_FULL`, `corrupt` for `SQLITE_CORRUPT`
    /// and `SQLITE_NOTADB`, `statementFailed` for the rest.
    @discardableResult
    func check(_ code: Int32, _ what: @autoclosure () -> String, accepting accepted: Int32...) throws(BeaconStoreError)
        -> Int32
    {
        let primary = code & 0xFF
        if accepted.isEmpty ? primary == SQLITE_OK : accepted.contains(primary) { return code }
        let message = String(cString: sqlite3_errmsg(handle))
        let kind: BeaconStoreError.Kind
        switch primary {
        case SQLITE_FULL: kind = .diskFull
        case SQLITE_CORRUPT, SQLITE_NOTADB: kind = .corrupt
        default: kind = .statementFailed
        }
        throw BeaconStoreError(kind, "\(what()): \(message)", resultCode: Int(code))
    }

    /// Runs SQL that returns no rows the caller needs (schema, pragmas, transaction control).
    func execute(_ sql: String) throws(BeaconStoreError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
    }

    /// Waits up to `milliseconds` for a lock held by another connection before failing with
    /// `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int) throws(BeaconStoreError) {
        try check(sqlite3_busy_timeout(handle, Int32(clamping: milliseconds)), "busy timeout")
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Compiles `sql` once, for reuse.
    func prepare(_ sql: String) throws(BeaconStoreError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: committed when it returns, rolled
    /// back when it throws.
    func transaction<T>(_ body: () throws(BeaconStoreError) -> T) throws(BeaconStoreError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            // The rollback's own failure would hide the first error, which says more.
            _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }
}
