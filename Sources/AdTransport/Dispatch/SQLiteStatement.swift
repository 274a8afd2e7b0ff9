internal import CSQLite

/// The one owner of a prepared `sqlite3_stmt*`, reused for every execution.
///
/// Not `Sendable`, like its ``SQLiteDatabase``. Parameters are 1-based, columns 0-based, as
/// in SQLite. Each run starts with `reset` and clears its bindings, so a statement is never
/// left holding a read transaction open between uses.
final class SQLiteStatement {
    private let database: SQLiteDatabase
    private let handle: OpaquePointer
    private let sql: String

    init(database: SQLiteDatabase, sql: String) throws(BeaconStoreError) {
        var pointer: OpaquePointer?
        let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
        try database.check(ad_sqlite3_prepare_v3(database.handle, sql, -1, flags, &pointer, nil), "prepare \(sql)")
        guard let pointer else { throw BeaconStoreError(.statementFailed, "prepare \(sql): empty statement") }
        self.database = database
        self.handle = pointer
        self.sql = sql
    }

    deinit {
        // finalize repeats the last step's error, which was already thrown; it always frees.
        ad_sqlite3_finalize(handle)
    }

    /// A value bound to a parameter.
    enum Value {
        case integer(Int64)
        case text(String)
        case null
    }

    /// Runs the statement to completion with `values` bound in order; for statements that
    /// return no rows.
    func run(_ values: [Value] = []) throws(BeaconStoreError) {
        defer { finish() }
        try bind(values)
        try database.check(ad_sqlite3_step(handle), sql, accepting: SQLITE_DONE)
    }

    /// Runs the statement with `values` bound and calls `row` for each result row.
    func query(_ values: [Value] = [], _ row: (Row) -> Void) throws(BeaconStoreError) {
        defer { finish() }
        try bind(values)
        while try database.check(ad_sqlite3_step(handle), sql, accepting: SQLITE_ROW, SQLITE_DONE) & 0xFF == SQLITE_ROW
        {
            row(Row(handle: handle))
        }
    }

    /// A result row, valid only inside the `query` callback.
    struct Row {
        fileprivate let handle: OpaquePointer

        func integer(_ column: Int32) -> Int64 { ad_sqlite3_column_int64(handle, column) }

        func optionalInteger(_ column: Int32) -> Int64? {
            ad_sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : ad_sqlite3_column_int64(handle, column)
        }

        /// The column as text, copied into Swift at once.
        func text(_ column: Int32) -> String {
            guard let bytes = ad_sqlite3_column_text(handle, column) else { return "" }
            let count = Int(ad_sqlite3_column_bytes(handle, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        func optionalText(_ column: Int32) -> String? {
            ad_sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
        }

        /// The column as a value to bind again: an integer, NULL, or text (what any other value
        /// reads as; the store's columns hold none).
        func value(_ column: Int32) -> Value {
            switch ad_sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: .integer(ad_sqlite3_column_int64(handle, column))
            case SQLITE_NULL: .null
            default: .text(text(column))
            }
        }
    }

    private func bind(_ values: [Value]) throws(BeaconStoreError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let number):
                try database.check(ad_sqlite3_bind_int64(handle, index, number), "bind \(index) of \(sql)")
            case .text(let string):
                try database.check(
                    ad_sqlite3_bind_text(handle, index, string, -1, ad_sqlite_transient()),
                    "bind \(index) of \(sql)")
            case .null:
                try database.check(ad_sqlite3_bind_null(handle, index), "bind \(index) of \(sql)")
            }
        }
    }

    /// Resets for the next run. Its result repeats the last step's error, already thrown.
    private func finish() {
        ad_sqlite3_reset(handle)
        ad_sqlite3_clear_bindings(handle)
    }
}
