/// Setting up a store's connection: the damage check, the size cap, and schema migrations.
extension BeaconStore {
    /// Runs `PRAGMA quick_check(1)` (the b-tree structure of every page, without cross-checking
    /// indexes; a few milliseconds for a full queue).
    /// - Throws: ``BeaconStoreError`` of kind `corrupt` with the first problem found.
    static func quickCheck(_ database: SQLiteDatabase, path: String) throws(BeaconStoreError) {
        var verdict = ""
        try database.prepare("PRAGMA quick_check(1)").query { verdict = $0.text(0) }
        guard verdict == "ok" else {
            throw BeaconStoreError(.corrupt, "\(path) failed SQLite's quick_check: \(verdict.prefix(500))")
        }
    }

    /// Caps the database file at `bytes` (rounded down to whole pages): past it, writes fail with
    /// `SQLITE_FULL` as on a full disk. A file already larger keeps its size (SQLite never
    /// lowers the cap below the pages in use).
    static func limit(_ database: SQLiteDatabase, toBytes bytes: Int, pageSize: Int) throws(BeaconStoreError) {
        try database.execute("PRAGMA max_page_count = \(max(bytes / pageSize, 1))")
    }

    /// The file's page size in bytes (at least 512, SQLite's smallest).
    static func pageSize(of database: SQLiteDatabase) throws(BeaconStoreError) -> Int {
        var pageSize: Int64 = 4096
        try database.prepare("PRAGMA page_size").query { pageSize = $0.integer(0) }
        return Int(min(max(pageSize, 512), 65_536))
    }

    /// Brings the schema to ``schemaVersion``, in one transaction.
    static func migrate(_ database: SQLiteDatabase, path: String) throws(BeaconStoreError) {
        var version: Int64 = 0
        try database.prepare("PRAGMA user_version").query { version = $0.integer(0) }
        if version == schemaVersion { return }
        guard version < schemaVersion else {
            throw BeaconStoreError(
                .schema, "\(path): schema version \(version) is newer than this library's \(schemaVersion)")
        }
        try database.transaction { () throws(BeaconStoreError) in
            if version < 1 {
                try database.execute("CREATE TABLE IF NOT EXISTS \(table("beacons"))")
            }
            // Version 3: per-host limits and fair picking need each row's host.
            if version >= 1 && version < 3 {
                try database.execute("ALTER TABLE beacons ADD COLUMN host TEXT NOT NULL DEFAULT ''")
                try backfillHosts(database)
            }
            // Version 6: the idempotency key is found by its number (`beacons_key`), no longer by
            // the `UNIQUE` constraint's index, which held every key whole.
            if version >= 1 && version < 6 { try rebuildWithKeyHashes(database) }
            // Version 4: partial indexes. The three full ones of versions 1 to 3 all began with
            // `state`, so each state change (pending, sending, final) moved an entry in every one;
            // now a row leaves the two pending indexes when it is sent, and its final state only
            // takes it out of `beacons_queued`. A beacon's life writes 13 b-tree entries instead
            // of 19, and the commits write fewer pages.
            // Version 5: `beacons_queued` (every pending and sending row, by state and host) gives
            // way to `beacons_sending` (the rows in flight, at most `maxConcurrentSends`). Opening
            // a store, the only reader of the pending half, reads it from `beacons_due` instead;
            // the send loop's commits no longer move each row in and out of a 10,000-entry index,
            // only through one small one.
            // Version 6: `beacons_key`.
            try database.execute(
                """
                DROP INDEX IF EXISTS beacons_by_state;
                DROP INDEX IF EXISTS beacons_by_expiry;
                DROP INDEX IF EXISTS beacons_by_host;
                DROP INDEX IF EXISTS beacons_queued;
                \(indexes)
                PRAGMA user_version = \(schemaVersion);
                """)
        }
    }

    /// The current schema's table, named `name`, as `CREATE TABLE` goes on.
    private static func table(_ name: String) -> String {
        """
        \(name) (
            id INTEGER PRIMARY KEY,
            ad_instance TEXT NOT NULL,
            event TEXT NOT NULL,
            url TEXT NOT NULL,
            hop INTEGER,
            enqueued_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            attempts INTEGER NOT NULL,
            next_attempt_at INTEGER NOT NULL,
            state TEXT NOT NULL,
            last_status INTEGER,
            last_error TEXT,
            finished_at INTEGER,
            host TEXT NOT NULL DEFAULT '',
            key_hash INTEGER NOT NULL
        )
        """
    }

    /// The columns a version 3 to 5 table shares with the current one, in its order (version 1 and
    /// 2 tables have `host` by then), copied as they are when the table is rebuilt.
    private static let copiedColumns =
        "id, ad_instance, event, url, hop, enqueued_at, expires_at, attempts, next_attempt_at, state, "
        + "last_status, last_error, finished_at, host"

    /// The indexes of the current schema: the idempotency key's (every enqueue reads it), what the
    /// send loop reads (due rows by host, pending rows by TTL; opening counts each host's queue from
    /// the first), what recovery reads (rows left in flight) and what the purge reads (every row by
    /// TTL: `expires_at` never changes, so this one is written once per row).
    static let indexes = """
        CREATE INDEX IF NOT EXISTS beacons_key ON beacons (key_hash);
        CREATE INDEX IF NOT EXISTS beacons_due ON beacons (host, next_attempt_at) WHERE state = 'pending';
        CREATE INDEX IF NOT EXISTS beacons_pending_expiry ON beacons (expires_at) WHERE state = 'pending';
        CREATE INDEX IF NOT EXISTS beacons_sending ON beacons (host) WHERE state = 'sending';
        CREATE INDEX IF NOT EXISTS beacons_expiry ON beacons (expires_at);
        """

    /// How many rows the version 6 rebuild moves at a time.
    static let rebuildChunk = 256

    /// Copies a version 1 to 5 table (with `host` by now) into one of the current shape, without its
    /// `UNIQUE` constraint (SQLite cannot drop a table's constraint), numbering every row's key on
    /// the way (tombstones included: their keys still make a repeated beacon a duplicate).
    ///
    /// The copy must fit where the store is: a store at its size cap has no room for a second
    /// table. So the old indexes are dropped first, and rows move a chunk at a time, each chunk
    /// read, deleted from the old table, then written to the new one, into the pages the deletes
    /// freed. A row grows by its number (9 bytes), less than the entries it leaves in the dropped
    /// indexes and in the old key index (which goes with its table), so the file never needs more
    /// pages than it had. The current indexes are made by the caller once the old table is gone.
    /// All in the caller's transaction.
    private static func rebuildWithKeyHashes(_ database: SQLiteDatabase) throws(BeaconStoreError) {
        try database.execute(
            """
            DROP INDEX IF EXISTS beacons_by_state;
            DROP INDEX IF EXISTS beacons_by_expiry;
            DROP INDEX IF EXISTS beacons_by_host;
            DROP INDEX IF EXISTS beacons_queued;
            DROP INDEX IF EXISTS beacons_due;
            DROP INDEX IF EXISTS beacons_pending_expiry;
            DROP INDEX IF EXISTS beacons_sending;
            DROP INDEX IF EXISTS beacons_expiry;
            CREATE TABLE \(table("beacons_v6"));
            """)
        let read = try database.prepare("SELECT \(copiedColumns) FROM beacons ORDER BY id LIMIT \(rebuildChunk)")
        let placeholders = (1...15).map { "?\($0)" }.joined(separator: ", ")
        let write = try database.prepare(
            "INSERT INTO beacons_v6 (\(copiedColumns), key_hash) VALUES (\(placeholders))")
        let remove = try database.prepare("DELETE FROM beacons WHERE id <= ?1")
        while true {
            var rows: [[SQLiteStatement.Value]] = []
            try read.query { row in
                var values = (0..<14).map { row.value(Int32($0)) }
                values.append(
                    .integer(BeaconKeyHash.of(adInstance: row.text(1), event: row.text(2), url: row.text(3))))
                rows.append(values)
            }
            guard case .integer(let last) = rows.last?.first else { break }
            try remove.run([.integer(last)])
            for values in rows { try write.run(values) }
        }
        try database.execute(
            """
            DROP TABLE beacons;
            ALTER TABLE beacons_v6 RENAME TO beacons;
            """)
    }

    /// Fills the host of queued rows stored before version 3, from their URLs (tombstones are
    /// never sent, so theirs can stay empty).
    private static func backfillHosts(_ database: SQLiteDatabase) throws(BeaconStoreError) {
        var rows: [(id: Int64, url: String)] = []
        try database.prepare("SELECT id, url FROM beacons WHERE state IN ('pending', 'sending')").query {
            rows.append(($0.integer(0), $0.text(1)))
        }
        let update = try database.prepare("UPDATE beacons SET host = ?2 WHERE id = ?1")
        for row in rows {
            try update.run([.integer(row.id), .text(Beacon(url: row.url, event: "", adInstance: "").host)])
        }
    }
}
