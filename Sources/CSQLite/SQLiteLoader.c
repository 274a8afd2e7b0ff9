// Loads SQLite on first use and forwards the ad_sqlite3_* functions to it (see CSQLite.h).
#include "CSQLite.h"

#include "CLibraryLoader.h"

#include <pthread.h>
#include <stddef.h>

/// The SQLite functions used: the table's field and the function it holds.
#define AD_SQLITE_FUNCTIONS(X)                                                                             \
    X(open_v2, sqlite3_open_v2)                                                                            \
    X(close_v2, sqlite3_close_v2)                                                                          \
    X(errmsg, sqlite3_errmsg)                                                                              \
    X(errstr, sqlite3_errstr)                                                                              \
    X(extended_errcode, sqlite3_extended_errcode)                                                          \
    X(extended_result_codes, sqlite3_extended_result_codes)                                                \
    X(exec, sqlite3_exec)                                                                                  \
    X(busy_timeout, sqlite3_busy_timeout)                                                                  \
    X(changes, sqlite3_changes)                                                                            \
    X(wal_hook, sqlite3_wal_hook)                                                                          \
    X(wal_checkpoint_v2, sqlite3_wal_checkpoint_v2)                                                        \
    X(prepare_v3, sqlite3_prepare_v3)                                                                      \
    X(finalize, sqlite3_finalize)                                                                          \
    X(step, sqlite3_step)                                                                                  \
    X(reset, sqlite3_reset)                                                                                \
    X(clear_bindings, sqlite3_clear_bindings)                                                              \
    X(bind_int64, sqlite3_bind_int64)                                                                      \
    X(bind_text, sqlite3_bind_text)                                                                        \
    X(bind_null, sqlite3_bind_null)                                                                        \
    X(column_type, sqlite3_column_type)                                                                    \
    X(column_int64, sqlite3_column_int64)                                                                  \
    X(column_text, sqlite3_column_text)                                                                    \
    X(column_bytes, sqlite3_column_bytes)

AD_LIBRARY(AD_SQLITE_FUNCTIONS, "libsqlite3.so.0", "libsqlite3-0", ad_sqlite_load)

// Opening and describing: checked, as they run before any connection exists.

int ad_sqlite3_open_v2(const char *filename, sqlite3 **connection, int flags, const char *vfs) {
    if (ready()) return table.open_v2(filename, connection, flags, vfs);
    *connection = NULL;
    return SQLITE_CANTOPEN;
}

int ad_sqlite3_close_v2(sqlite3 *connection) {
    return connection != NULL && ready() ? table.close_v2(connection) : SQLITE_OK;
}

const char *ad_sqlite3_errmsg(sqlite3 *connection) {
    const char *why = ad_sqlite_load();
    return why == NULL ? table.errmsg(connection) : why;
}

const char *ad_sqlite3_errstr(int code) {
    const char *why = ad_sqlite_load();
    return why == NULL ? table.errstr(code) : why;
}

// The rest take a connection or a statement, which only a loaded SQLite hands out: straight through.

int ad_sqlite3_extended_errcode(sqlite3 *connection) {
    return table.extended_errcode(connection);
}

int ad_sqlite3_extended_result_codes(sqlite3 *connection, int on) {
    return table.extended_result_codes(connection, on);
}

int ad_sqlite3_exec(sqlite3 *connection, const char *sql, int (*callback)(void *, int, char **, char **),
                    void *argument, char **message) {
    return table.exec(connection, sql, callback, argument, message);
}

int ad_sqlite3_busy_timeout(sqlite3 *connection, int milliseconds) {
    return table.busy_timeout(connection, milliseconds);
}

int ad_sqlite3_changes(sqlite3 *connection) {
    return table.changes(connection);
}

void *ad_sqlite3_wal_hook(sqlite3 *connection, int (*hook)(void *, sqlite3 *, const char *, int), void *argument) {
    return table.wal_hook(connection, hook, argument);
}

int ad_sqlite3_wal_checkpoint_v2(sqlite3 *connection, const char *database, int mode, int *log, int *done) {
    return table.wal_checkpoint_v2(connection, database, mode, log, done);
}

int ad_sqlite3_prepare_v3(sqlite3 *connection, const char *sql, int bytes, unsigned int flags,
                          sqlite3_stmt **statement, const char **tail) {
    return table.prepare_v3(connection, sql, bytes, flags, statement, tail);
}

int ad_sqlite3_finalize(sqlite3_stmt *statement) {
    return statement != NULL ? table.finalize(statement) : SQLITE_OK;
}

int ad_sqlite3_step(sqlite3_stmt *statement) {
    return table.step(statement);
}

int ad_sqlite3_reset(sqlite3_stmt *statement) {
    return statement != NULL ? table.reset(statement) : SQLITE_OK;
}

int ad_sqlite3_clear_bindings(sqlite3_stmt *statement) {
    return table.clear_bindings(statement);
}

int ad_sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) {
    return table.bind_int64(statement, index, value);
}

int ad_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *)) {
    return table.bind_text(statement, index, text, bytes, destructor);
}

int ad_sqlite3_bind_null(sqlite3_stmt *statement, int index) {
    return table.bind_null(statement, index);
}

int ad_sqlite3_column_type(sqlite3_stmt *statement, int column) {
    return table.column_type(statement, column);
}

sqlite3_int64 ad_sqlite3_column_int64(sqlite3_stmt *statement, int column) {
    return table.column_int64(statement, column);
}

const unsigned char *ad_sqlite3_column_text(sqlite3_stmt *statement, int column) {
    return table.column_text(statement, column);
}

int ad_sqlite3_column_bytes(sqlite3_stmt *statement, int column) {
    return table.column_bytes(statement, column);
}
