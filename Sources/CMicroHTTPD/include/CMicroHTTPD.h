#ifndef AD_CMICROHTTPD_H
#define AD_CMICROHTTPD_H

// libmicrohttpd for VASTServe, opened with dlopen when the first server starts: a process that never
// serves (every vastcheck command but `serve`, an app) never loads it or the GnuTLS tree it links,
// which was about 2 ms of every vastcheck start (docs/benchmarks.md). The header gives libmicrohttpd's
// types and constants; the ad_mhd_* functions below stand for the MHD_* functions of the same names and
// reach them through a table filled by ad_mhd_load(). A server cannot start without the library
// (ad_mhd_start returns NULL; ad_mhd_load says why); the other functions are reached only with a
// daemon, a connection or a response the library made.
//
// Swift cannot call C variadic functions, and MHD_start_daemon and MHD_get_daemon_info are variadic:
// the typed ad_mhd_start and ad_mhd_bound_port fix their arguments. The macros MHD defines with casts do
// not import into Swift, so the two content-reader results are restated as constants.

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/// The content reader's "no more data" result (MHD_CONTENT_READER_END_OF_STREAM).
static const ssize_t ad_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
/// The content reader's "stop with an error" result (MHD_CONTENT_READER_END_WITH_ERROR).
static const ssize_t ad_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
/// MHD_SIZE_UNKNOWN: a streamed response of unknown length (sent chunked).
static const uint64_t ad_mhd_size_unknown = MHD_SIZE_UNKNOWN;

/// Loads libmicrohttpd (libmicrohttpd.so.12) and its functions, once per process, from any thread.
/// Returns NULL when they are ready, else why not, the same text every time.
const char *ad_mhd_load(void);

/// MHD_start_daemon with one thread per connection (so a handler may block while Swift works),
/// bound to `address` (IPv4 or IPv6), at most `connection_limit` connections, idle connections
/// closed after `timeout_seconds`, and `completed` called when each request ends. NULL when the
/// library cannot be loaded (ad_mhd_load says why) or the daemon cannot start (errno says why).
struct MHD_Daemon *ad_mhd_start(
    const struct sockaddr *address, int ipv6, unsigned int connection_limit, unsigned int timeout_seconds,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context);

/// The port the daemon listens on (the one the system chose when it was asked for port 0); 0 when
/// MHD cannot say.
uint16_t ad_mhd_bound_port(struct MHD_Daemon *daemon);

void ad_mhd_stop_daemon(struct MHD_Daemon *daemon);
int ad_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                 MHD_KeyValueIterator iterator, void *context);
const char *ad_mhd_lookup_connection_value(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                           const char *key);
enum MHD_Result ad_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                      struct MHD_Response *response);
struct MHD_Response *ad_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                          MHD_ContentReaderCallback reader, void *context,
                                                          MHD_ContentReaderFreeCallback free_context);
/// A response holding a copy of `size` bytes at `buffer` (the caller's buffer may go at once).
struct MHD_Response *ad_mhd_response_copying(size_t size, const void *buffer);
void ad_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result ad_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value);

#endif
