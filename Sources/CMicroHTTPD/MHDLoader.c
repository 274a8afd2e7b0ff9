// Loads libmicrohttpd when the first server starts and forwards the ad_mhd_* functions to it (see
// CMicroHTTPD.h).
#include "CMicroHTTPD.h"

#include "CLibraryLoader.h"

#include <errno.h>
#include <pthread.h>

/// The libmicrohttpd functions used: the table's field and the function it holds.
#define AD_MHD_FUNCTIONS(X)                                                                                \
    X(start_daemon, MHD_start_daemon)                                                                      \
    X(stop_daemon, MHD_stop_daemon)                                                                        \
    X(get_daemon_info, MHD_get_daemon_info)                                                                \
    X(get_connection_values, MHD_get_connection_values)                                                    \
    X(lookup_connection_value, MHD_lookup_connection_value)                                                \
    X(queue_response, MHD_queue_response)                                                                  \
    X(create_response_from_callback, MHD_create_response_from_callback)                                    \
    X(create_response_from_buffer, MHD_create_response_from_buffer)                                        \
    X(destroy_response, MHD_destroy_response)                                                              \
    X(add_response_header, MHD_add_response_header)

AD_LIBRARY(AD_MHD_FUNCTIONS, "libmicrohttpd.so.12", "libmicrohttpd12", ad_mhd_load)

struct MHD_Daemon *ad_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int connection_limit, unsigned int timeout_seconds,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context) {
    if (!ready()) {
        errno = ELIBACC;
        return NULL;
    }
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION
        | (ipv6 ? MHD_USE_IPv6 : 0);
    uint16_t port = 0;
    if (ipv6) {
        port = ntohs(((const struct sockaddr_in6 *)address)->sin6_port);
    } else {
        port = ntohs(((const struct sockaddr_in *)address)->sin_port);
    }
    return table.start_daemon(
        flags, port, NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_END);
}

uint16_t ad_mhd_bound_port(struct MHD_Daemon *daemon) {
    if (daemon == NULL || !ready()) return 0;
    const union MHD_DaemonInfo *info = table.get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

void ad_mhd_stop_daemon(struct MHD_Daemon *daemon) {
    if (daemon != NULL && ready()) table.stop_daemon(daemon);
}

int ad_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                 MHD_KeyValueIterator iterator, void *context) {
    return ready() ? table.get_connection_values(connection, kind, iterator, context) : 0;
}

const char *ad_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                           const char *key) {
    return ready() ? table.lookup_connection_value(connection, kind, key) : NULL;
}

enum MHD_Result ad_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                      struct MHD_Response *response) {
    return ready() ? table.queue_response(connection, status, response) : MHD_NO;
}

struct MHD_Response *ad_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                          MHD_ContentReaderCallback reader, void *context,
                                                          MHD_ContentReaderFreeCallback free_context) {
    return ready() ? table.create_response_from_callback(size, block_size, reader, context, free_context) : NULL;
}

struct MHD_Response *ad_mhd_response_copying(size_t size, const void *buffer) {
    return ready() ? table.create_response_from_buffer(size, (void *)buffer, MHD_RESPMEM_MUST_COPY) : NULL;
}

void ad_mhd_destroy_response(struct MHD_Response *response) {
    if (response != NULL && ready()) table.destroy_response(response);
}

enum MHD_Result ad_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value) {
    return ready() ? table.add_response_header(response, name, value) : MHD_NO;
}
