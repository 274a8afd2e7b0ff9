/// A store's open SQLite connection and its statements, prepared once and reused.
///
/// One object, so that closing the store (dropping it) finalizes every statement and then
/// closes the connection (each statement holds the database), which releases the store's lock.
/// Not `Sendable`: used on the dispatcher's thread only.
final class BeaconStoreConnection {
    let database: SQLiteDatabase
    let insert: SQLiteStatement
    let contains: SQLiteStatement
    let due: SQLiteStatement
    let overdue: SQLiteStatement
    let markSending: SQLiteStatement
    let reschedule: SQLiteStatement
    let requeue: SQLiteStatement
    let finish: SQLiteStatement
    let nextAttempt: SQLiteStatement
    let hostQueues: SQLiteStatement
    let purge: SQLiteStatement
    let evict: SQLiteStatement
    let recover: SQLiteStatement
    let untried: SQLiteStatement
    let earliestExpiry: SQLiteStatement

    init(_ database: SQLiteDatabase, columns: String) throws(BeaconStoreError) {
        self.database = database
        insert = try database.prepare(
            """
            INSERT INTO beacons (ad_instance, event, url, hop, enqueued_at, expires_at, attempts,
                                 next_attempt_at, state, host, key_hash)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?5, 'pending', ?7, ?8)
            """)
        contains = try database.prepare(
            """
            SELECT 1 FROM beacons INDEXED BY beacons_key
            WHERE key_hash = ?1 AND ad_instance = ?2 AND event = ?3 AND url = ?4 LIMIT 1
            """)
        due = try database.prepare(
            """
            SELECT \(columns) FROM beacons INDEXED BY beacons_due
            WHERE state = 'pending' AND host = ?1 AND next_attempt_at <= ?2
            ORDER BY next_attempt_at, id LIMIT ?3
            """)
        overdue = try database.prepare(
            """
            SELECT \(columns) FROM beacons INDEXED BY beacons_pending_expiry
            WHERE state = 'pending' AND expires_at <= ?1 ORDER BY expires_at, id LIMIT ?2
            """)
        earliestExpiry = try database.prepare(
            "SELECT min(expires_at) FROM beacons INDEXED BY beacons_pending_expiry WHERE state = 'pending'")
        untried = try database.prepare(
            "SELECT count(*) FROM beacons INDEXED BY beacons_pending_expiry WHERE state = 'pending' AND attempts = 0")
        markSending = try database.prepare(
            "UPDATE beacons SET state = 'sending', attempts = attempts + 1 WHERE id = ?1")
        reschedule = try database.prepare(
            """
            UPDATE beacons SET state = 'pending', next_attempt_at = ?2, last_status = ?3, last_error = ?4
            WHERE id = ?1
            """)
        requeue = try database.prepare(
            "UPDATE beacons SET state = 'pending', attempts = max(attempts - 1, 0), next_attempt_at = ?2 WHERE id = ?1")
        finish = try database.prepare(
            "UPDATE beacons SET state = ?2, last_status = ?3, last_error = ?4, finished_at = ?5 WHERE id = ?1")
        nextAttempt = try database.prepare(
            "SELECT min(next_attempt_at) FROM beacons INDEXED BY beacons_due WHERE state = 'pending' AND host = ?1")
        hostQueues = try database.prepare(
            """
            SELECT host, count(*), min(next_attempt_at)
            FROM beacons INDEXED BY beacons_due WHERE state = 'pending' GROUP BY host
            """)
        purge = try database.prepare(
            """
            DELETE FROM beacons INDEXED BY beacons_expiry
            WHERE expires_at <= ?1 AND state IN ('delivered', 'dropped', 'expired')
            """)
        evict = try database.prepare(
            """
            DELETE FROM beacons WHERE id IN (
                SELECT id FROM beacons WHERE state IN ('delivered', 'dropped', 'expired') ORDER BY finished_at, id
                LIMIT ?1)
            """)
        recover = try database.prepare(
            """
            UPDATE beacons INDEXED BY beacons_sending SET state = 'pending', next_attempt_at = min(?1, expires_at)
            WHERE state = 'sending'
            """)
    }
}
