/// Python that writes a beacon store as an earlier schema did, for the tests that open old stores
/// (run with `ProgramRun.python`; the store's path is `sys.argv[1]`).
enum OldBeaconStore {
    /// The start of a script: a WAL connection `c` to `argv[1]` (autocommit), and the first columns
    /// of the `beacons` table every schema before 6 had, in an `executescript` that the script goes
    /// on with (the rest of the table, its indexes, `PRAGMA user_version`, then `''')`).
    static let scriptStart = """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL")
        c.executescript('''
        CREATE TABLE beacons (id INTEGER PRIMARY KEY, ad_instance TEXT NOT NULL, event TEXT NOT NULL,
            url TEXT NOT NULL, hop INTEGER, enqueued_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
            attempts INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, state TEXT NOT NULL,

        """

    /// The rest of the table of schemas 3 to 5 (version 3 added `host`), with the `UNIQUE` key that
    /// schema 6 replaced.
    static let hostColumns = """
            last_status INTEGER, last_error TEXT, finished_at INTEGER, host TEXT NOT NULL DEFAULT '',
            UNIQUE (ad_instance, event, url));

        """

    /// The indexes of schema 5, and its version.
    static let schemaFiveIndexes = """
        CREATE INDEX beacons_due ON beacons (host, next_attempt_at) WHERE state = 'pending';
        CREATE INDEX beacons_pending_expiry ON beacons (expires_at) WHERE state = 'pending';
        CREATE INDEX beacons_sending ON beacons (host) WHERE state = 'sending';
        CREATE INDEX beacons_expiry ON beacons (expires_at);
        PRAGMA user_version = 5;

        """

    /// The start of a script that writes a schema 5 store: the whole table and its indexes made, the
    /// script goes on with `c` after the `executescript`.
    static let schemaFive = scriptStart + hostColumns + schemaFiveIndexes + "''')\n"
}
