// Loads libavformat, libavcodec and libavutil on first use (see CAVFormat.h).
#include "CAVFormat.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define AD_TEXT(x) #x
#define AD_SONAME(library, major) "lib" library ".so." AD_TEXT(major)
#define AD_PACKAGE(library, major) "lib" library AD_TEXT(major)

static struct ad_libav_table table;
static const char *problem;
static char message[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// The symbol `name` of `handle`, or NULL with `message` saying which and why.
static void *resolve(void *handle, const char *library, const char *name) {
    dlerror();  // a message left by an earlier call must not be reported for this one
    void *symbol = dlsym(handle, name);
    if (symbol == NULL && problem == NULL) {
        const char *why = dlerror();
        snprintf(message, sizeof message, "%s has no %s (%s)", library, name, why ? why : "not found");
        problem = message;
    }
    return symbol;
}

static void load(void) {
    static const char *const names[] = {
        AD_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
        AD_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
        AD_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
    };
    // Debian's package of each (the soname's major in its name), for the message when one is missing.
    static const char *const packages[] = {
        AD_PACKAGE("avutil", LIBAVUTIL_VERSION_MAJOR),
        AD_PACKAGE("avcodec", LIBAVCODEC_VERSION_MAJOR),
        AD_PACKAGE("avformat", LIBAVFORMAT_VERSION_MAJOR),
    };
    void *handles[3];
    for (int index = 0; index < 3; index++) {
        // RTLD_LOCAL: nothing of theirs interposes on the host app's symbols. Never closed: the table points
        // into them for the rest of the process.
        handles[index] = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        if (handles[index] == NULL) {
            const char *why = dlerror();
            snprintf(message, sizeof message, "cannot load %s (%s): install FFmpeg's libraries (Debian: %s)",
                     names[index], why ? why : "not found", packages[index]);
            problem = message;
            return;
        }
    }
    void *util = handles[0], *codec = handles[1], *format = handles[2];
#define AD_RESOLVE(handle, library, function) \
    table.function = (__typeof__(table.function))resolve(handle, library, #function)
    AD_RESOLVE(util, names[0], av_log_set_level);
    AD_RESOLVE(util, names[0], av_log_set_callback);
    AD_RESOLVE(util, names[0], av_max_alloc);
    AD_RESOLVE(util, names[0], av_malloc);
    AD_RESOLVE(util, names[0], av_free);
    AD_RESOLVE(util, names[0], av_freep);
    AD_RESOLVE(util, names[0], av_dict_set);
    AD_RESOLVE(util, names[0], av_dict_free);
    AD_RESOLVE(util, names[0], av_strerror);
    AD_RESOLVE(format, names[2], avio_alloc_context);
    AD_RESOLVE(format, names[2], avio_context_free);
    AD_RESOLVE(format, names[2], avformat_alloc_context);
    AD_RESOLVE(format, names[2], av_find_input_format);
    AD_RESOLVE(format, names[2], avformat_open_input);
    AD_RESOLVE(format, names[2], avformat_close_input);
    AD_RESOLVE(codec, names[1], avcodec_get_name);
#undef AD_RESOLVE
}

const char *ad_libav_load(void) {
    pthread_once(&once, load);
    return problem;
}

const struct ad_libav_table *ad_libav(void) { return &table; }

static void discard(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    (void)level;
    (void)format;
    (void)arguments;
}

void ad_av_silence_logging(void) {
    table.av_log_set_level(AV_LOG_QUIET);
    table.av_log_set_callback(discard);
}

static int refuse_open(struct AVFormatContext *context, AVIOContext **pb, const char *url, int flags,
                       AVDictionary **options) {
    (void)context;
    (void)pb;
    (void)url;
    (void)flags;
    (void)options;
    return AVERROR(EPERM);
}

void ad_av_refuse_io_open(AVFormatContext *context) { context->io_open = refuse_open; }
