#ifndef AD_CCURL_SHIM_H
#define AD_CCURL_SHIM_H

#include <curl/curl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// Swift cannot call C variadic functions, and curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt are variadic: each typed shim below fixes one argument type.

/// curl_easy_setopt with a long value (flags, limits, timeouts in ms).
static inline CURLcode ad_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt with a string; curl copies it.
static inline CURLcode ad_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt with a pointer curl keeps (user data, error buffer, header list).
static inline CURLcode ad_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt with a curl_off_t (sizes beyond 2 GiB).
static inline CURLcode ad_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_WRITEFUNCTION.
static inline CURLcode ad_curl_setopt_write_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

/// curl_easy_setopt for CURLOPT_HEADERFUNCTION: curl calls it once per response header line
/// (status lines included), so the client can keep the few headers it needs and bound the rest.
static inline CURLcode ad_curl_setopt_header_function(CURL *handle, curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}

/// curl_easy_getinfo for long results (status, connection counts).
static inline CURLcode ad_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// curl_easy_getinfo for curl_off_t results (sizes, times in microseconds).
static inline CURLcode ad_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

/// curl_easy_getinfo for string results (effective URL); the string belongs to curl.
static inline CURLcode ad_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

/// curl_multi_setopt with a long value (connection limits).
static inline CURLMcode ad_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/// The easy handle and result of a finished transfer in a CURLMsg (a union Swift cannot read).
static inline CURL *ad_curl_msg_done(CURLMsg *message, CURLcode *result) {
    if (message->msg != CURLMSG_DONE) return NULL;
    *result = message->data.result;
    return message->easy_handle;
}

/// Ignores SIGPIPE for the process: a peer that resets a connection must not kill the app
/// (NOSIGNAL covers curl's own signals, not writes to a closed socket by OpenSSL).
static inline void ad_ignore_sigpipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

/// Starts writing a downloaded file's dirty pages in [offset, offset + length) to disk and returns
/// without waiting for them: Linux's sync_file_range with SYNC_FILE_RANGE_WRITE (2), which Swift's
/// Glibc module does not export. Returns -1 where the system has no such call (advice only).
static inline int ad_start_writeback(int fd, long long offset, long long length) {
#ifdef SYS_sync_file_range
    return (int)syscall(SYS_sync_file_range, fd, offset, length, 2);
#else
    (void)fd; (void)offset; (void)length;
    return -1;
#endif
}

/// Names the calling thread for the system (top, perf, /proc/self/task/TID/comm; at most 15 bytes
/// kept): prctl(PR_SET_NAME), which Swift cannot call (variadic). Foundation's Thread.name does not
/// reach the system on Linux.
static inline void ad_name_this_thread(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

#endif
