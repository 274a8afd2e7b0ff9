#ifndef AD_CCURL_H
#define AD_CCURL_H

// libcurl for AdTransport, opened with dlopen on first use: a process that never fetches a URL and
// never parses an unusual one (`vastcheck validate`, `inspect`, `simulate` of local files, an app that
// only parses) never loads libcurl or the ~30 libraries it pulls in (GnuTLS, Kerberos, LDAP, SSH,
// ...), which were about 4 ms of every vastcheck start (docs/benchmarks.md). The header gives libcurl's
// types and constants; the ad_curl_* functions below stand for the curl_* functions of the same names
// and reach them through a table filled by ad_curl_load(). Until libcurl is loaded, or when it cannot
// be, each returns what libcurl returns for a failure of its own (NULL, CURLE_FAILED_INIT,
// CURLM_INTERNAL_ERROR, CURLUE_OUT_OF_MEMORY) and ad_curl_easy_strerror says why.
//
// Swift cannot call C variadic functions, and curl_easy_setopt, curl_easy_getinfo and
// curl_multi_setopt are variadic: each typed ad_curl_setopt_*, ad_curl_getinfo_* below fixes one
// argument type.

#include <curl/curl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/// Loads libcurl (libcurl.so.4) and its functions, once per process, from any thread. Returns NULL
/// when they are ready, else why not (the library or a function missing), the same text every time.
const char *_Nullable ad_curl_load(void);

CURLcode ad_curl_global_init(long flags);
CURL *_Nullable ad_curl_easy_init(void);
void ad_curl_easy_cleanup(CURL *_Nullable handle);
void ad_curl_easy_reset(CURL *_Nullable handle);
/// curl's text for `code`; when libcurl could not be loaded, why not.
const char *_Nonnull ad_curl_easy_strerror(CURLcode code);
void ad_curl_free(void *_Nullable pointer);
time_t ad_curl_getdate(const char *_Nonnull text, const time_t *_Nullable unused);
struct curl_slist *_Nullable ad_curl_slist_append(struct curl_slist *_Nullable list, const char *_Nonnull text);
void ad_curl_slist_free_all(struct curl_slist *_Nullable list);

CURLM *_Nullable ad_curl_multi_init(void);
CURLMcode ad_curl_multi_cleanup(CURLM *_Nullable multi);
CURLMcode ad_curl_multi_add_handle(CURLM *_Nonnull multi, CURL *_Nonnull handle);
CURLMcode ad_curl_multi_remove_handle(CURLM *_Nonnull multi, CURL *_Nonnull handle);
CURLMcode ad_curl_multi_perform(CURLM *_Nonnull multi, int *_Nonnull running);
CURLMcode ad_curl_multi_poll(CURLM *_Nonnull multi, struct curl_waitfd *_Nullable extra, unsigned int count,
                             int timeout_ms, int *_Nullable ready);
CURLMcode ad_curl_multi_wakeup(CURLM *_Nonnull multi);
CURLMsg *_Nullable ad_curl_multi_info_read(CURLM *_Nonnull multi, int *_Nonnull left);

CURLU *_Nullable ad_curl_url(void);
void ad_curl_url_cleanup(CURLU *_Nullable url);
CURLUcode ad_curl_url_set(CURLU *_Nonnull url, CURLUPart what, const char *_Nullable part, unsigned int flags);
CURLUcode ad_curl_url_get(CURLU *_Nonnull url, CURLUPart what, char *_Nullable *_Nonnull part, unsigned int flags);
const char *_Nonnull ad_curl_url_strerror(CURLUcode code);

/// curl_easy_setopt with a long value (flags, limits, timeouts in ms).
CURLcode ad_curl_setopt_long(CURL *_Nonnull handle, CURLoption option, long value);
/// curl_easy_setopt with a string; curl copies it.
CURLcode ad_curl_setopt_string(CURL *_Nonnull handle, CURLoption option, const char *_Nullable value);
/// curl_easy_setopt with a pointer curl keeps (user data, error buffer, header list).
CURLcode ad_curl_setopt_pointer(CURL *_Nonnull handle, CURLoption option, void *_Nullable value);
/// curl_easy_setopt with a curl_off_t (sizes beyond 2 GiB).
CURLcode ad_curl_setopt_off(CURL *_Nonnull handle, CURLoption option, curl_off_t value);
/// curl_easy_setopt for CURLOPT_WRITEFUNCTION.
CURLcode ad_curl_setopt_write_function(CURL *_Nonnull handle, curl_write_callback _Nullable callback);
/// curl_easy_setopt for CURLOPT_HEADERFUNCTION: curl calls it once per response header line
/// (status lines included), so the client can keep the few headers it needs and bound the rest.
CURLcode ad_curl_setopt_header_function(CURL *_Nonnull handle, curl_write_callback _Nullable callback);
/// curl_easy_getinfo for long results (status, connection counts).
CURLcode ad_curl_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value);
/// curl_easy_getinfo for curl_off_t results (sizes, times in microseconds).
CURLcode ad_curl_getinfo_off(CURL *_Nonnull handle, CURLINFO info, curl_off_t *_Nonnull value);
/// curl_easy_getinfo for string results (effective URL); the string belongs to curl.
CURLcode ad_curl_getinfo_string(CURL *_Nonnull handle, CURLINFO info, const char *_Nullable *_Nonnull value);
/// curl_multi_setopt with a long value (connection limits).
CURLMcode ad_curl_multi_setopt_long(CURLM *_Nonnull multi, CURLMoption option, long value);

/// The easy handle and result of a finished transfer in a CURLMsg (a union Swift cannot read).
static inline CURL *_Nullable ad_curl_msg_done(CURLMsg *_Nonnull message, CURLcode *_Nonnull result) {
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
static inline void ad_name_this_thread(const char *_Nonnull name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}

#endif
