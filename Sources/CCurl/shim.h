#ifndef AD_CCURL_SHIM_H
#define AD_CCURL_SHIM_H

#include <curl/curl.h>

// Typed wrappers for curl's variadic calls live here; Swift cannot call C variadics.
// The provider layer (AdTransport) adds them as it needs them.

/// Sets a long-valued option (curl_easy_setopt is variadic).
static inline CURLcode ad_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

/// Sets a string-valued option; curl copies the string.
static inline CURLcode ad_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

#endif
