#ifndef AD_CMICROHTTPD_SHIM_H
#define AD_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// Swift cannot call C variadic functions, and MHD_start_daemon and MHD_get_daemon_info are variadic:
// the typed shims below fix their arguments. The macros MHD defines with casts do not import into
// Swift, so the two content-reader results are restated as constants.

/// The content reader's "no more data" result (MHD_CONTENT_READER_END_OF_STREAM).
static const ssize_t ad_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
/// The content reader's "stop with an error" result (MHD_CONTENT_READER_END_WITH_ERROR).
static const ssize_t ad_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
/// MHD_SIZE_UNKNOWN: a streamed response of unknown length (sent chunked).
static const uint64_t ad_mhd_size_unknown = MHD_SIZE_UNKNOWN;

/// A response holding a copy of `size` bytes at `buffer` (the caller's buffer may go at once).
static inline struct MHD_Response *ad_mhd_response_copying(size_t size, const void *buffer) {
    return MHD_create_response_from_buffer(size, (void *)buffer, MHD_RESPMEM_MUST_COPY);
}

/// MHD_start_daemon with one thread per connection (so a handler may block while Swift works),
/// bound to `address` (IPv4 or IPv6), at most `connection_limit` connections, idle connections
/// closed after `timeout_seconds`, and `completed` called when each request ends.
static inline struct MHD_Daemon *ad_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int connection_limit, unsigned int timeout_seconds,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION
        | (ipv6 ? MHD_USE_IPv6 : 0);
    uint16_t port = 0;
    if (ipv6) {
        port = ntohs(((const struct sockaddr_in6 *)address)->sin6_port);
    } else {
        port = ntohs(((const struct sockaddr_in *)address)->sin_port);
    }
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose when it was asked for port 0); 0 when
/// MHD cannot say.
static inline uint16_t ad_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

#endif
