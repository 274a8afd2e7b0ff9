/// The dispatcher's durable queue: one SQLite file, one row per beacon.
///
/// ## Schema (`user_version` 6)
/// ```sql
/// CREATE TABLE beacons (
///     id              INTEGER PRIMARY KEY,
///     ad_instance     TEXT    NOT NULL,
///     event           TEXT    NOT NULL,
///     url             TEXT    NOT NULL,
///     hop             INTEGER,           -- NULL when unknown
///     enqueued_at     INTEGER NOT NULL,  -- ms since 1970
///     expires_at      INTEGER NOT NULL,  -- enqueued_at + the TTL in force at enqueue
///     attempts        INTEGER NOT NULL,  -- sends started
///     next_attempt_at INTEGER NOT NULL,  -- ms since 1970; never after expires_at
///     state           TEXT    NOT NULL,  -- pending | sending | delivered | dropped | expired
///     last_status     INTEGER,           -- the last HTTP status seen
///     last_error      TEXT,              -- the last failure, for a person
///     finished_at     INTEGER,           -- when a final state was recorded
///     host            TEXT    NOT NULL DEFAULT '',  -- the URL's origin ('' when unusable); version 3
///     key_hash        INTEGER NOT NULL   -- BeaconKeyHash of (ad_instance, event, url); version 6
/// );
/// -- the idempotency key's index: by number, the key itself compared on the row (version 6)
/// CREATE INDEX beacons_key ON beacons (key_hash);
/// -- partial indexes, so that a state change moves as few entries as it can (versions 4 and 5)
/// CREATE INDEX beacons_due ON beacons (host, next_attempt_at) WHERE state = 'pending';
/// CREATE INDEX beacons_pending_expiry ON beacons (expires_at) WHERE state = 'pending';
/// CREATE INDEX beacons_sending ON beacons (host) WHERE state = 'sending';
/// CREATE INDEX beacons_expiry ON beacons (expires_at);
/// ```
/// Versions 1 to 3 had full indexes on `(state, next_attempt_at)`, `(state, expires_at)` and
/// `(state, host, next_attempt_at)`; version 4 had `beacons_queued` on `(state, host)` for
/// every pending and sending row instead of `beacons_sending`. Opening such a file replaces
/// them (and adds `host` before version 3). Versions 1 to 5 kept the idempotency key as a
/// `UNIQUE (ad_instance, event, url)` constraint, whose index repeated every URL: opening such a
/// file rebuilds the table without it and numbers every row's key (``BeaconKeyHash``).
/// Rows in a final state stay as tombstones until their `expires_at`, so enqueueing a beacon
/// again after it was delivered is still ignored; then they are purged (or earlier, oldest
/// first, when the store is full and new beacons need the room).
///
/// Durability: WAL with `synchronous=NORMAL`. Every commit is written to the WAL file before
/// the call returns, so it survives the process being killed (SIGKILL included); it is not
/// fsynced until a checkpoint, so the last commits can be lost if the machine loses power,
/// which is out of scope for pixels.
///
/// Not `Sendable`: owned by ``BeaconDispatcher`` and used on its thread only. Statements are
/// prepared once and reused.
final class BeaconStore {
    /// A row's state.
    enum State: String {
        /// Waiting for `next_attempt_at`. Next: sending, expired.
        case pending
        /// A send is in flight. Next: delivered, dropped, pending (retry, or recovered after a
        /// crash), expired (the TTL passed during the send).
        case sending
        /// Final: a 2xx answered.
        case delivered
        /// Final: a status or failure that retrying cannot fix.
        case dropped
        /// Final: the TTL passed first.
        case expired
    }

    /// A queued row, as much as the dispatcher needs of it.
    struct Row {
        var id: Int64
        var beacon: Beacon
        var attempts: Int
        var expiresAt: Int64
        var lastStatus: Int?
        var lastError: String?
        /// The URL's origin: the key of the per-host limits.
        var host: String
    }

    /// One host's queued rows, as read when the store opens.
    struct HostQueue {
        var host: String
        /// Its pending rows (when the store opens, every queued row: none is being sent yet).
        var queued: Int
        /// The earliest `next_attempt_at` of its pending rows.
        var nextAttemptAt: Int64?
    }

    static let schemaVersion: Int64 = 6

    /// The page size of a new store capped at `maxStoreBytes`: 16 KiB, or SQLite's default of
    /// 4 KiB below an 8 MiB cap (a store of a few pages should spend them on rows: the schema
    /// alone takes seven, one per table and index).
    ///
    /// A commit writes every page it changed to the WAL whole, two `pwrite`s a page, and the
    /// send loop's commits change a few runs of neighbouring rows and index entries: with larger
    /// pages the same changes fall on fewer of them, so a commit makes fewer system calls for
    /// about the same bytes (measured in bench-lifecycle, alternating runs: 8 KiB pages gave
    /// 4–15 % more beacons/s than 4 KiB, 16 KiB 6–18 % more than 8 KiB, 32 KiB less than 16).
    static func pageSize(forCap maxStoreBytes: Int) -> Int {
        maxStoreBytes >= 8 << 20 ? 16_384 : 4_096
    }

    /// About how much WAL accumulates before a checkpoint copies it back (and `fsync`s twice):
    /// 4 MiB, SQLite's default of 1,000 pages at its default page size, so 256 pages of 16 KiB.
    /// With 16 KiB pages a beacon writes more WAL bytes in fewer writes (bench-lifecycle, 100,000
    /// beacons: about 9 KB in 0.55 page writes, against 5.5 KB in 1.4 with 4 KiB pages), so this
    /// checkpoints 1.6 times as often per beacon (once per ~470 beacons instead of ~760, so a
    /// power cut loses fewer). 8 MiB was slower in all four alternating runs (by 2–18 %).
    static let walBytesPerCheckpoint = 4 << 20
    private static let columns =
        "id, ad_instance, event, url, hop, attempts, expires_at, last_status, last_error, host"

    /// The file's path.
    let path: String
    /// The connection and its prepared statements; `nil` once closed.
    private var connection: BeaconStoreConnection?

    /// Opens or creates the store at `path`, checks it, and migrates it to the current schema.
    /// - Parameters:
    ///   - lock: the store's lock, released only after the connection closes.
    ///   - maxStoreBytes: the largest the database file may grow to (`PRAGMA max_page_count`).
    /// - Throws: ``BeaconStoreError``: `cannotOpen`; `symbolicLink`; `corrupt` when SQLite cannot
    ///   read the file or `quick_check` finds damage; `schema` when the file's schema is from a
    ///   newer version or WAL cannot be enabled, or (with ``BeaconStoreError/damagedSchema``) when
    ///   it is not the store's.
    init(path: String, lock: BeaconStoreLock?, maxStoreBytes: Int, busyTimeoutMilliseconds: Int = 5_000)
        throws(BeaconStoreError)
    {
        try BeaconStoreFiles.makePrivate(path)
        let database = try SQLiteDatabase(path: path, guardian: lock)
        try database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // Every statement here is the library's own: an SQL error is the file's ("unsupported file
        // format" for a header SQLite cannot read, "no such table" for a foreign schema).
        let connection = try Self.damageAsSchema(path) { () throws(BeaconStoreError) in
            var mode = ""
            // Takes effect only in a new, empty file (before WAL is on); an older store keeps its pages.
            try database.execute("PRAGMA page_size = \(Self.pageSize(forCap: maxStoreBytes))")
            try database.prepare("PRAGMA journal_mode=WAL").query { mode = $0.text(0) }
            guard mode.lowercased() == "wal" else {
                throw BeaconStoreError(.schema, "\(path): WAL journal mode unavailable (got \(mode))")
            }
            try database.execute("PRAGMA synchronous=NORMAL")
            database.countCommitsAndCheckpoint()
            try Self.quickCheck(database, path: path)
            try Self.checkWritable(database, path: path)
            let pageSize = try Self.pageSize(of: database)
            database.checkpointPages = Int32(max(64, Self.walBytesPerCheckpoint / pageSize))
            try Self.limit(database, toBytes: maxStoreBytes, pageSize: pageSize)
            try Self.migrate(database, path: path)
            try Self.checkSchema(database, path: path)
            return try BeaconStoreConnection(database, columns: Self.columns)
        }
        database.checkpointInBackground(path: path)
        self.path = path
        self.connection = connection
    }

    /// Closes the connection and releases the store's lock; every later call throws `closed`.
    func close() {
        connection = nil
    }

    /// The open connection.
    private func live() throws(BeaconStoreError) -> BeaconStoreConnection {
        guard let connection else { throw BeaconStoreError(.closed, "\(path): the dispatcher was closed") }
        return connection
    }

    /// Runs `body` in one transaction.
    func transaction<T>(_ body: () throws(BeaconStoreError) -> T) throws(BeaconStoreError) -> T {
        try live().database.transaction(body)
    }

    /// Stores `beacon` as pending, due at once. Returns false when its key is already stored.
    func insert(_ beacon: Beacon, host: String, now: Int64, expiresAt: Int64) throws(BeaconStoreError) -> Bool {
        let keyHash = BeaconKeyHash.of(beacon)
        if try contains(beacon, keyHash: keyHash) { return false }
        try live().insert.run([
            .text(beacon.adInstance), .text(beacon.event), .text(beacon.url),
            beacon.hop.map { .integer(Int64($0)) } ?? .null, .integer(now), .integer(expiresAt),
            .text(host), .integer(keyHash),
        ])
        return true
    }

    /// True when a row (queued or a tombstone) has `beacon`'s key.
    func contains(_ beacon: Beacon) throws(BeaconStoreError) -> Bool {
        try contains(beacon, keyHash: BeaconKeyHash.of(beacon))
    }

    /// True when a row filed under `keyHash` has `beacon`'s key itself.
    private func contains(_ beacon: Beacon, keyHash: Int64) throws(BeaconStoreError) -> Bool {
        var found = false
        try live().contains.query([.integer(keyHash), .text(beacon.adInstance), .text(beacon.event), .text(beacon.url)])
        { _ in
            found = true
        }
        return found
    }

    /// Up to `limit` pending rows of `host` due by `now`, earliest first.
    func due(host: String, now: Int64, limit: Int) throws(BeaconStoreError) -> [Row] {
        try rows(try live().due, [.text(host), .integer(now), .integer(Int64(limit))])
    }

    /// Up to `limit` pending rows whose TTL has passed by `now`.
    func overdue(now: Int64, limit: Int) throws(BeaconStoreError) -> [Row] {
        try rows(try live().overdue, [.integer(now), .integer(Int64(limit))])
    }

    /// Marks a row as being sent and counts the attempt.
    func markSending(_ id: Int64) throws(BeaconStoreError) {
        try live().markSending.run([.integer(id)])
    }

    /// Puts a row back to pending after a failed attempt, due at `at`.
    func reschedule(_ id: Int64, at: Int64, status: Int?, error: String?) throws(BeaconStoreError) {
        try live().reschedule.run([
            .integer(id), .integer(at), status.map { .integer(Int64($0)) } ?? .null,
            error.map { .text($0) } ?? .null,
        ])
    }

    /// Puts a row back to pending after a send that was interrupted (the dispatcher stopped),
    /// without counting the attempt.
    func requeue(_ id: Int64, at: Int64) throws(BeaconStoreError) {
        try live().requeue.run([.integer(id), .integer(at)])
    }

    /// Records a final state; the row stays as a tombstone until it expires.
    func finish(_ id: Int64, as state: State, status: Int?, error: String?, now: Int64) throws(BeaconStoreError) {
        try live().finish.run([
            .integer(id), .text(state.rawValue), status.map { .integer(Int64($0)) } ?? .null,
            error.map { .text($0) } ?? .null, .integer(now),
        ])
    }

    /// The earliest `expires_at` of a pending row, if any.
    func earliestPendingExpiry() throws(BeaconStoreError) -> Int64? {
        var earliest: Int64?
        try live().earliestExpiry.query { earliest = $0.optionalInteger(0) }
        return earliest
    }

    /// Commits and checkpoints so far on the open connection (zero once closed).
    var activity: (commits: Int, checkpoints: Int) {
        (connection?.database.commits ?? 0, connection?.database.checkpoints ?? 0)
    }

    /// The earliest `next_attempt_at` of a pending row of `host`, if any.
    func nextAttemptAt(host: String) throws(BeaconStoreError) -> Int64? {
        var next: Int64?
        try live().nextAttempt.query([.text(host)]) { next = $0.optionalInteger(0) }
        return next
    }

    /// Pending rows never sent yet (a send interrupted by ``BeaconDispatcher/stop()`` is not counted as tried).
    func untriedCount() throws(BeaconStoreError) -> Int {
        var count: Int64 = 0
        try live().untried.query { count = $0.integer(0) }
        return Int(count)
    }

    /// Every host with pending rows, read from `beacons_due`. Called when the store opens, after
    /// ``recoverInterrupted(now:)`` put every row left mid-send back to pending, so these are all
    /// the queued rows.
    func hostQueues() throws(BeaconStoreError) -> [HostQueue] {
        var queues: [HostQueue] = []
        try live().hostQueues.query { row in
            queues.append(
                HostQueue(host: row.text(0), queued: Int(row.integer(1)), nextAttemptAt: row.optionalInteger(2)))
        }
        return queues
    }

    /// Deletes tombstones whose TTL has passed. Returns how many.
    @discardableResult
    func purgeFinished(now: Int64) throws(BeaconStoreError) -> Int {
        try live().purge.run([.integer(now)])
        return try live().database.changes
    }

    /// Deletes up to `limit` tombstones, the longest finished first, before their TTL: room for
    /// new beacons in a full store matters more than remembering old keys. Returns how many.
    func evictTombstones(limit: Int) throws(BeaconStoreError) -> Int {
        try live().evict.run([.integer(Int64(limit))])
        return try live().database.changes
    }

    /// Keeps the WAL small from now on, after a write failed for want of space.
    ///
    /// The WAL holds every version of the pages written since the last checkpoint, and the store
    /// checkpoints only every 4 MiB of it (``walBytesPerCheckpoint``): on a full disk it can take
    /// all the space there is, and then a checkpoint, which must first grow the database file,
    /// cannot run either. This checkpoints and truncates it now (best effort: it fails while
    /// nothing is free) and lowers the automatic checkpoint to 64 pages for the store's life, so
    /// once some space is free again the WAL is folded into the database and reused from its
    /// start instead of growing into that space.
    func releaseWALSpace() {
        connection?.database.checkpointPages = 64
        try? connection?.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Turns rows left in `sending` by a process that stopped mid-send back to pending, due
    /// at `now`. Returns how many: the beacons that may have reached the server already.
    func recoverInterrupted(now: Int64) throws(BeaconStoreError) -> Int {
        try live().recover.run([.integer(now)])
        return try live().database.changes
    }

    private func rows(_ statement: SQLiteStatement, _ values: [SQLiteStatement.Value]) throws(BeaconStoreError)
        -> [Row]
    {
        var rows: [Row] = []
        try statement.query(values) { row in
            let beacon = Beacon(
                url: row.text(3), event: row.text(2), adInstance: row.text(1),
                hop: row.optionalInteger(4).map { Int($0) })
            rows.append(
                Row(
                    id: row.integer(0), beacon: beacon, attempts: Int(row.integer(5)),
                    expiresAt: row.integer(6), lastStatus: row.optionalInteger(7).map { Int($0) },
                    lastError: row.optionalText(8), host: row.text(9)))
        }
        return rows
    }
}
