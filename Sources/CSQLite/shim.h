#ifndef AD_CSQLITE_SHIM_H
#define AD_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
/// this returns it, so bound text and blobs are copied by SQLite before the call returns.
static inline sqlite3_destructor_type ad_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
