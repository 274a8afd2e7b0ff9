// Loads libcurl on first use and forwards the ad_curl_* functions to it (see CCurl.h).
#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define AD_CURL_SONAME "libcurl.so.4"

/// libcurl's functions as loaded, each typed as the header compiled against declares it.
static struct {
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_reset) *easy_reset;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_free) *free;
    __typeof__(curl_getdate) *getdate;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
    __typeof__(curl_multi_init) *multi_init;
    __typeof__(curl_multi_cleanup) *multi_cleanup;
    __typeof__(curl_multi_setopt) *multi_setopt;
    __typeof__(curl_multi_add_handle) *multi_add_handle;
    __typeof__(curl_multi_remove_handle) *multi_remove_handle;
    __typeof__(curl_multi_perform) *multi_perform;
    __typeof__(curl_multi_poll) *multi_poll;
    __typeof__(curl_multi_wakeup) *multi_wakeup;
    __typeof__(curl_multi_info_read) *multi_info_read;
    __typeof__(curl_url) *url;
    __typeof__(curl_url_cleanup) *url_cleanup;
    __typeof__(curl_url_set) *url_set;
    __typeof__(curl_url_get) *url_get;
    __typeof__(curl_url_strerror) *url_strerror;
} table;
static const char *problem;
static char message[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_LOCAL: nothing of libcurl's tree interposes on the host app's symbols. Never closed: the table
    // points into it for the rest of the process.
    void *handle = dlopen(AD_CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(message, sizeof message, "cannot load %s (%s): install libcurl (Debian: libcurl4)", AD_CURL_SONAME,
                 why ? why : "not found");
        problem = message;
        return;
    }
#define AD_RESOLVE(field, function)                                                                         \
    do {                                                                                                    \
        dlerror();                                                                                          \
        table.field = (__typeof__(table.field))dlsym(handle, #function);                                    \
        if (table.field == NULL && problem == NULL) {                                                       \
            const char *why = dlerror();                                                                    \
            snprintf(message, sizeof message, "%s has no %s (%s): libcurl 7.68 or later is needed",         \
                     AD_CURL_SONAME, #function, why ? why : "not found");                                   \
            problem = message;                                                                              \
        }                                                                                                   \
    } while (0)
    AD_RESOLVE(global_init, curl_global_init);
    AD_RESOLVE(easy_init, curl_easy_init);
    AD_RESOLVE(easy_cleanup, curl_easy_cleanup);
    AD_RESOLVE(easy_reset, curl_easy_reset);
    AD_RESOLVE(easy_strerror, curl_easy_strerror);
    AD_RESOLVE(easy_setopt, curl_easy_setopt);
    AD_RESOLVE(easy_getinfo, curl_easy_getinfo);
    AD_RESOLVE(free, curl_free);
    AD_RESOLVE(getdate, curl_getdate);
    AD_RESOLVE(slist_append, curl_slist_append);
    AD_RESOLVE(slist_free_all, curl_slist_free_all);
    AD_RESOLVE(multi_init, curl_multi_init);
    AD_RESOLVE(multi_cleanup, curl_multi_cleanup);
    AD_RESOLVE(multi_setopt, curl_multi_setopt);
    AD_RESOLVE(multi_add_handle, curl_multi_add_handle);
    AD_RESOLVE(multi_remove_handle, curl_multi_remove_handle);
    AD_RESOLVE(multi_perform, curl_multi_perform);
    AD_RESOLVE(multi_poll, curl_multi_poll);
    AD_RESOLVE(multi_wakeup, curl_multi_wakeup);
    AD_RESOLVE(multi_info_read, curl_multi_info_read);
    AD_RESOLVE(url, curl_url);
    AD_RESOLVE(url_cleanup, curl_url_cleanup);
    AD_RESOLVE(url_set, curl_url_set);
    AD_RESOLVE(url_get, curl_url_get);
    AD_RESOLVE(url_strerror, curl_url_strerror);
#undef AD_RESOLVE
}

const char *ad_curl_load(void) {
    pthread_once(&once, load);
    return problem;
}

/// True when every function is in the table (the load runs on the first call).
static inline int ready(void) {
    return ad_curl_load() == NULL;
}

CURLcode ad_curl_global_init(long flags) {
    return ready() ? table.global_init(flags) : CURLE_FAILED_INIT;
}

CURL *ad_curl_easy_init(void) {
    return ready() ? table.easy_init() : NULL;
}

void ad_curl_easy_cleanup(CURL *handle) {
    if (handle != NULL && ready()) table.easy_cleanup(handle);
}

void ad_curl_easy_reset(CURL *handle) {
    if (handle != NULL && ready()) table.easy_reset(handle);
}

const char *ad_curl_easy_strerror(CURLcode code) {
    const char *why = ad_curl_load();
    return why == NULL ? table.easy_strerror(code) : why;
}

void ad_curl_free(void *pointer) {
    if (pointer != NULL && ready()) table.free(pointer);
}

time_t ad_curl_getdate(const char *text, const time_t *unused) {
    return ready() ? table.getdate(text, unused) : (time_t)-1;
}

struct curl_slist *ad_curl_slist_append(struct curl_slist *list, const char *text) {
    return ready() ? table.slist_append(list, text) : NULL;
}

void ad_curl_slist_free_all(struct curl_slist *list) {
    if (list != NULL && ready()) table.slist_free_all(list);
}

CURLM *ad_curl_multi_init(void) {
    return ready() ? table.multi_init() : NULL;
}

CURLMcode ad_curl_multi_cleanup(CURLM *multi) {
    return ready() ? table.multi_cleanup(multi) : CURLM_BAD_HANDLE;
}

CURLMcode ad_curl_multi_add_handle(CURLM *multi, CURL *handle) {
    return ready() ? table.multi_add_handle(multi, handle) : CURLM_BAD_HANDLE;
}

CURLMcode ad_curl_multi_remove_handle(CURLM *multi, CURL *handle) {
    return ready() ? table.multi_remove_handle(multi, handle) : CURLM_BAD_HANDLE;
}

CURLMcode ad_curl_multi_perform(CURLM *multi, int *running) {
    return ready() ? table.multi_perform(multi, running) : CURLM_BAD_HANDLE;
}

CURLMcode ad_curl_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms,
                             int *ready_count) {
    return ready() ? table.multi_poll(multi, extra, count, timeout_ms, ready_count) : CURLM_BAD_HANDLE;
}

CURLMcode ad_curl_multi_wakeup(CURLM *multi) {
    return ready() ? table.multi_wakeup(multi) : CURLM_BAD_HANDLE;
}

CURLMsg *ad_curl_multi_info_read(CURLM *multi, int *left) {
    return ready() ? table.multi_info_read(multi, left) : NULL;
}

CURLU *ad_curl_url(void) {
    return ready() ? table.url() : NULL;
}

void ad_curl_url_cleanup(CURLU *url) {
    if (url != NULL && ready()) table.url_cleanup(url);
}

CURLUcode ad_curl_url_set(CURLU *url, CURLUPart what, const char *part, unsigned int flags) {
    return ready() ? table.url_set(url, what, part, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode ad_curl_url_get(CURLU *url, CURLUPart what, char **part, unsigned int flags) {
    return ready() ? table.url_get(url, what, part, flags) : CURLUE_OUT_OF_MEMORY;
}

const char *ad_curl_url_strerror(CURLUcode code) {
    const char *why = ad_curl_load();
    return why == NULL ? table.url_strerror(code) : why;
}

CURLcode ad_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return ready() ? table.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return ready() ? table.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return ready() ? table.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return ready() ? table.easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_setopt_write_function(CURL *handle, curl_write_callback callback) {
    return ready() ? table.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_setopt_header_function(CURL *handle, curl_write_callback callback) {
    return ready() ? table.easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return ready() ? table.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return ready() ? table.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLcode ad_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return ready() ? table.easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLMcode ad_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return ready() ? table.multi_setopt(multi, option, value) : CURLM_BAD_HANDLE;
}
