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
    /// Transactions committed on this connection (counted by the WAL hook, so only in WAL mode).
    private(set) var commits = 0
    /// Checkpoints run for the WAL hook (here or by ``checkpointer``): with `synchronous=NORMAL`
    /// these are the only times SQLite calls `fsync` (twice: the WAL, then the database file).
    var checkpoints: Int { inlineCheckpoints + (checkpointer?.checkpoints ?? 0) }
    private var inlineCheckpoints = 0
    /// Runs the hook's checkpoints on a thread of its own, once ``checkpointInBackground()``
    /// started it.
    private var checkpointer: WALCheckpointer?
    /// The WAL size at which the next background checkpoint is asked for.
    private var nextRequest = 0
    /// The WAL size, in pages, at which a commit is followed by a checkpoint (SQLite's default
    /// automatic checkpoint is 1,000).
    var checkpointPages: Int32 = 1000

    /// Opens (creating if needed, unless `readOnly`) the database file at `path`.
    ///
    /// Never through a symbolic link at `path` (`SQLITE_OPEN_NOFOLLOW`, SQLite 3.31 and later);
    /// SQLite opens the files it keeps beside it with `O_NOFOLLOW` itself.
    /// - Throws: ``BeaconStoreError`` of kind `unavailable` when SQLite cannot be loaded (the message
    ///   names the library), `symbolicLink` for a link, else `cannotOpen`, with SQLite's message.
    init(path: String, guardian: AnyObject? = nil, readOnly: Bool = false) throws(BeaconStoreError) {
        self.guardian = guardian
        if let problem = ad_sqlite_load() { throw BeaconStoreError(.unavailable, String(cString: problem)) }
        var pointer: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        let code = ad_sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            // SQLite hands back a connection even when opening fails, to carry the message.
            let message =
                pointer.map { String(cString: ad_sqlite3_errmsg($0)) } ?? String(cString: ad_sqlite3_errstr(code))
            let extended = pointer.map { ad_sqlite3_extended_errcode($0) } ?? code
            if let pointer { ad_sqlite3_close_v2(pointer) }
            if extended == Self.cannotOpenSymbolicLink {
                throw BeaconStoreError(
                    .symbolicLink, "\(path) is a symbolic link, which the store never opens: \(message)",
                    resultCode: Int(extended))
            }
            throw BeaconStoreError(.cannotOpen, "cannot open \(path): \(message)", resultCode: Int(extended))
        }
        handle = pointer
        try check(ad_sqlite3_extended_result_codes(pointer, 1), "enable extended result codes")
    }

    /// `SQLITE_CANTOPEN_SYMLINK`, which Swift does not import (a macro built from another).
    static let cannotOpenSymbolicLink = SQLITE_CANTOPEN | (6 << 8)

    deinit {
        // The checkpointer's connection first, so that this one is the last and its close
        // checkpoints the WAL and removes it.
        checkpointer?.stop()
        // close_v2 only fails for a bad handle; every statement was finalized before this runs
        // (each holds a reference to the database), so the file is closed here.
        ad_sqlite3_close_v2(handle)
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
        let message = String(cString: ad_sqlite3_errmsg(handle))
        let kind: BeaconStoreError.Code
        switch primary {
        case SQLITE_FULL: kind = .diskFull
        case SQLITE_CORRUPT, SQLITE_NOTADB: kind = .corrupt
        default: kind = .statementFailed
        }
        throw BeaconStoreError(kind, "\(what()): \(message)", resultCode: Int(code))
    }

    /// Runs SQL that returns no rows the caller needs (schema, pragmas, transaction control).
    func execute(_ sql: String) throws(BeaconStoreError) {
        try check(ad_sqlite3_exec(handle, sql, nil, nil, nil), sql)
    }

    /// Waits up to `milliseconds` for a lock held by another connection before failing with
    /// `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int) throws(BeaconStoreError) {
        try check(ad_sqlite3_busy_timeout(handle, Int32(clamping: milliseconds)), "busy timeout")
    }

    /// Replaces SQLite's automatic checkpoint with the same one (`PASSIVE`, past
    /// ``checkpointPages``), counted. Call once WAL is on; `PRAGMA wal_autocheckpoint` would
    /// remove it.
    func countCommitsAndCheckpoint() {
        let hook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
            context, _, _, pages in
            guard let context else { return SQLITE_OK }
            Unmanaged<SQLiteDatabase>.fromOpaque(context).takeUnretainedValue().committed(walPages: pages)
            return SQLITE_OK
        }
        // Unretained: the hook lives as long as the connection, which this object closes in deinit.
        ad_sqlite3_wal_hook(handle, hook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// From now on, the hook's checkpoints run on a thread of their own (``WALCheckpointer``),
    /// with a connection of their own to the file at `path`.
    func checkpointInBackground(path: String) {
        guard checkpointer == nil else { return }
        checkpointer = WALCheckpointer(path: path)
    }

    /// After a commit: counts it, and checkpoints when the WAL holds `walPages` or more. A failed
    /// checkpoint is left for the next commit, as SQLite's own automatic checkpoint does.
    ///
    /// With a ``checkpointer``, the checkpoint is only asked for, once per ``checkpointPages``
    /// of WAL (as often as before, so no more `fsync`s). The WAL starts again from its beginning
    /// only at a write that finds every frame copied back, which a busy dispatcher may never
    /// offer a background checkpoint: should the WAL reach four times ``checkpointPages``, this
    /// connection checkpoints it itself, between its own writes, which lets it start again.
    private func committed(walPages: Int32) {
        commits += 1
        let pages = Int(walPages)
        let threshold = Int(checkpointPages)
        guard pages >= threshold else {
            nextRequest = threshold
            return
        }
        if let checkpointer, pages < threshold * 4 {
            if pages >= nextRequest {
                checkpointer.request()
                nextRequest = pages + threshold
            }
            return
        }
        var logFrames: Int32 = 0
        var copied: Int32 = 0
        if ad_sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, &logFrames, &copied) == SQLITE_OK {
            inlineCheckpoints += 1
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(ad_sqlite3_changes(handle)) }

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
            _ = ad_sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }
}
