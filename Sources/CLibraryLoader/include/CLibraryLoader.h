#ifndef AD_CLIBRARYLOADER_H
#define AD_CLIBRARYLOADER_H

// Opening a C library with dlopen on first use, for the targets that do (CCurl, CSQLite, CMicroHTTPD): a process
// that never needs the library never loads it or the libraries it links (docs/benchmarks.md).

#include <stddef.h>

/// Opens `soname` with dlopen (RTLD_NOW | RTLD_LOCAL: nothing of its tree interposes on the host's symbols;
/// never closed, as the caller's table points into it for the rest of the process) and resolves `names[i]`
/// into `symbols[i]` for each of the `count` names. Returns NULL when every one was found; else writes why
/// into `message` (at most `size` bytes: the library missing, with `package`, Debian's package that installs
/// it, or the first function it lacks) and returns `message`. Not thread-safe: call it once (pthread_once).
const char *ad_library_open(const char *soname, const char *package, const char *const *names, void **symbols,
                            size_t count, char *message, size_t size);

/// One table field per function of a FUNCTIONS list (`X(field, function)` entries), typed as the header
/// compiled against declares the function.
#define AD_LIBRARY_FIELD(field, function) __typeof__(function) *field;
/// The name dlsym looks up for a FUNCTIONS entry.
#define AD_LIBRARY_NAME(field, function) #function,

/// Defines, in the file it is used in, `table` (the functions FUNCTIONS lists, NULL until loaded),
/// `const char *LOAD(void)`, which opens `SONAME` and fills `table` once per process, from any thread, and
/// returns NULL when every function is there, else why not (the same text every time), and `int ready(void)`,
/// true once every function is in the table (the load runs on its first call). The file includes <pthread.h>.
#define AD_LIBRARY(FUNCTIONS, SONAME, PACKAGE, LOAD)                                                        \
    static struct {                                                                                         \
        FUNCTIONS(AD_LIBRARY_FIELD)                                                                         \
    } table;                                                                                                \
    static const char *const names[] = {FUNCTIONS(AD_LIBRARY_NAME)};                                        \
    _Static_assert(sizeof table == sizeof names, "one table field per name");                               \
    static const char *problem;                                                                             \
    static char message[512];                                                                               \
    static pthread_once_t once = PTHREAD_ONCE_INIT;                                                         \
    static void load(void) {                                                                                \
        problem = ad_library_open(SONAME, PACKAGE, names, (void **)&table, sizeof names / sizeof *names,   \
                                  message, sizeof message);                                                 \
    }                                                                                                       \
    const char *LOAD(void) {                                                                                \
        pthread_once(&once, load);                                                                          \
        return problem;                                                                                     \
    }                                                                                                       \
    static inline int ready(void) {                                                                         \
        return LOAD() == NULL;                                                                              \
    }

#endif
