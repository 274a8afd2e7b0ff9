// Opens a library and resolves its functions (see CLibraryLoader.h).
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

const char *ad_library_open(const char *soname, const char *package, const char *const *names, void **symbols,
                            size_t count, char *message, size_t size) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(message, size, "cannot load %s (%s): install it (Debian: %s)", soname, why ? why : "not found",
                 package);
        return message;
    }
    for (size_t index = 0; index < count; index++) {
        dlerror();  // a message left by an earlier call must not be reported for this one
        symbols[index] = dlsym(handle, names[index]);
        if (symbols[index] == NULL) {
            const char *why = dlerror();
            snprintf(message, size, "%s has no %s (%s)", soname, names[index], why ? why : "not found");
            return message;
        }
    }
    return NULL;
}
