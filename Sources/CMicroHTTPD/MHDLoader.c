// Loads libmicrohttpd when the first server starts and forwards the ad_mhd_* functions to it (see
// CMicroHTTPD.h).
#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

#define AD_MHD_SONAME "libmicrohttpd.so.12"

/// libmicrohttpd's functions as loaded, each typed as the header compiled against declares it.
static struct {
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_get_daemon_info) *get_daemon_info;
    __typeof__(MHD_get_connection_values) *get_connection_values;
    __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
    __typeof__(MHD_queue_response) *queue_response;
    __typeof__(MHD_create_response_from_callback) *create_response_from_callback;
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_destroy_response) *destroy_response;
    __typeof__(MHD_add_response_header) *add_response_header;
} table;
static const char *problem;
static char message[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_LOCAL: nothing of its tree interposes on the host's symbols. Never closed: the table points
    // into it for the rest of the process.
    void *handle = dlopen(AD_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(message, sizeof message, "cannot load %s (%s): install libmicrohttpd (Debian: libmicrohttpd12)",
                 AD_MHD_SONAME, why ? why : "not found");
        problem = message;
        return;
    }
#define AD_RESOLVE(field, function)                                                                         \
    do {                                                                                                    \
        dlerror();                                                                                          \
        table.field = (__typeof__(table.field))dlsym(handle, #function);                                    \
        if (table.field == NULL && problem == NULL) {                                                       \
            const char *why = dlerror();                                                                    \
            snprintf(message, sizeof message, "%s has no %s (%s)", AD_MHD_SONAME, #function,              \
                     why ? why : "not found");                                                              \
            problem = message;                                                                              \
        }                                                                                                   \
    } while (0)
    AD_RESOLVE(start_daemon, MHD_start_daemon);
    AD_RESOLVE(stop_daemon, MHD_stop_daemon);
    AD_RESOLVE(get_daemon_info, MHD_get_daemon_info);
    AD_RESOLVE(get_connection_values, MHD_get_connection_values);
    AD_RESOLVE(lookup_connection_value, MHD_lookup_connection_value);
    AD_RESOLVE(queue_response, MHD_queue_response);
    AD_RESOLVE(create_response_from_callback, MHD_create_response_from_callback);
    AD_RESOLVE(create_response_from_buffer, MHD_create_response_from_buffer);
    AD_RESOLVE(destroy_response, MHD_destroy_response);
    AD_RESOLVE(add_response_header, MHD_add_response_header);
#undef AD_RESOLVE
}

const char *ad_mhd_load(void) {
    pthread_once(&once, load);
    return problem;
}

/// True when every function is in the table (the load runs on the first call).
static inline int ready(void) {
    return ad_mhd_load() == NULL;
}

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
