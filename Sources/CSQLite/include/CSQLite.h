#ifndef AD_CSQLITE_H
#define AD_CSQLITE_H

// SQLite, opened with dlopen on first use (SQLiteLoader.c): a process that never stores a beacon or indexes a
// cache never loads it. <sqlite3.h> (Debian's libsqlite3-dev) gives the types and constants; each
// ad_sqlite3_* function below stands for the sqlite3_* function of the same name and reaches it through a
// table that ad_sqlite_load() fills. Until SQLite is loaded, or when it cannot be, the functions that open
// or describe return what SQLite itself returns for a failure (SQLITE_CANTOPEN with no connection, NULL), and
// ad_sqlite3_errstr and ad_sqlite3_errmsg(NULL) say why. The others take a connection or statement, which
// exists only once SQLite is loaded.

#include <sqlite3.h>

/// Loads SQLite once per process (any thread); NULL when every function used is there, else why not.
const char *ad_sqlite_load(void);

int ad_sqlite3_open_v2(const char *filename, sqlite3 **connection, int flags, const char *vfs);
int ad_sqlite3_close_v2(sqlite3 *connection);
const char *ad_sqlite3_errmsg(sqlite3 *connection);
const char *ad_sqlite3_errstr(int code);
int ad_sqlite3_extended_errcode(sqlite3 *connection);
int ad_sqlite3_extended_result_codes(sqlite3 *connection, int on);
int ad_sqlite3_exec(sqlite3 *connection, const char *sql, int (*callback)(void *, int, char **, char **),
                    void *argument, char **message);
int ad_sqlite3_busy_timeout(sqlite3 *connection, int milliseconds);
int ad_sqlite3_changes(sqlite3 *connection);
void *ad_sqlite3_wal_hook(sqlite3 *connection, int (*hook)(void *, sqlite3 *, const char *, int), void *argument);
int ad_sqlite3_wal_checkpoint_v2(sqlite3 *connection, const char *database, int mode, int *log, int *done);
int ad_sqlite3_prepare_v3(sqlite3 *connection, const char *sql, int bytes, unsigned int flags,
                          sqlite3_stmt **statement, const char **tail);
int ad_sqlite3_finalize(sqlite3_stmt *statement);
int ad_sqlite3_step(sqlite3_stmt *statement);
int ad_sqlite3_reset(sqlite3_stmt *statement);
int ad_sqlite3_clear_bindings(sqlite3_stmt *statement);
int ad_sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int ad_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *));
int ad_sqlite3_bind_null(sqlite3_stmt *statement, int index);
int ad_sqlite3_column_type(sqlite3_stmt *statement, int column);
sqlite3_int64 ad_sqlite3_column_int64(sqlite3_stmt *statement, int column);
const unsigned char *ad_sqlite3_column_text(sqlite3_stmt *statement, int column);
int ad_sqlite3_column_bytes(sqlite3_stmt *statement, int column);

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
/// this returns it, so bound text and blobs are copied by SQLite before the call returns.
static inline sqlite3_destructor_type ad_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
