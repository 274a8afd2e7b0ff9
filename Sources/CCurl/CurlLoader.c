// Loads libcurl on first use and forwards the ad_curl_* functions to it (see CCurl.h).
#include "CCurl.h"

#include "CLibraryLoader.h"

#include <pthread.h>

/// The libcurl functions used: the table's field and the function it holds.
#define AD_CURL_FUNCTIONS(X)                                                                               \
    X(global_init, curl_global_init)                                                                       \
    X(easy_init, curl_easy_init)                                                                           \
    X(easy_cleanup, curl_easy_cleanup)                                                                     \
    X(easy_reset, curl_easy_reset)                                                                         \
    X(easy_strerror, curl_easy_strerror)                                                                   \
    X(easy_setopt, curl_easy_setopt)                                                                       \
    X(easy_getinfo, curl_easy_getinfo)                                                                     \
    X(free, curl_free)                                                                                     \
    X(getdate, curl_getdate)                                                                               \
    X(slist_append, curl_slist_append)                                                                     \
    X(slist_free_all, curl_slist_free_all)                                                                 \
    X(multi_init, curl_multi_init)                                                                         \
    X(multi_cleanup, curl_multi_cleanup)                                                                   \
    X(multi_setopt, curl_multi_setopt)                                                                     \
    X(multi_add_handle, curl_multi_add_handle)                                                             \
    X(multi_remove_handle, curl_multi_remove_handle)                                                       \
    X(multi_perform, curl_multi_perform)                                                                   \
    X(multi_poll, curl_multi_poll)                                                                         \
    X(multi_wakeup, curl_multi_wakeup)                                                                     \
    X(multi_info_read, curl_multi_info_read)                                                               \
    X(url, curl_url)                                                                                       \
    X(url_cleanup, curl_url_cleanup)                                                                       \
    X(url_set, curl_url_set)                                                                               \
    X(url_get, curl_url_get)                                                                               \
    X(url_strerror, curl_url_strerror)

AD_LIBRARY(AD_CURL_FUNCTIONS, "libcurl.so.4", "libcurl4", ad_curl_load)

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
