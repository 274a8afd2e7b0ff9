#ifndef AD_CAVFORMAT_H
#define AD_CAVFORMAT_H

// FFmpeg's libavformat, libavcodec and libavutil for MediaProbe, opened with dlopen on the first probe:
// a process that never probes a file (every `vastcheck` command without --media, an app without a creative
// cache) never loads them or the ~130 libraries they pull in, which were most of vastcheck's start-up
// (docs/benchmarks.md). The headers give the types and constants; the functions are reached through
// ad_libav()'s table, filled by ad_libav_load().

#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <errno.h>
#include <stdarg.h>

/// The libav functions MediaProbe calls, as loaded from the libraries of the headers compiled against.
struct ad_libav_table {
    __typeof__(av_log_set_level) *_Nonnull av_log_set_level;
    __typeof__(av_log_set_callback) *_Nonnull av_log_set_callback;
    __typeof__(av_max_alloc) *_Nonnull av_max_alloc;
    __typeof__(av_malloc) *_Nonnull av_malloc;
    __typeof__(av_free) *_Nonnull av_free;
    __typeof__(av_freep) *_Nonnull av_freep;
    __typeof__(av_dict_set) *_Nonnull av_dict_set;
    __typeof__(av_dict_free) *_Nonnull av_dict_free;
    __typeof__(av_strerror) *_Nonnull av_strerror;
    __typeof__(avio_alloc_context) *_Nonnull avio_alloc_context;
    __typeof__(avio_context_free) *_Nonnull avio_context_free;
    __typeof__(avformat_alloc_context) *_Nonnull avformat_alloc_context;
    __typeof__(av_find_input_format) *_Nonnull av_find_input_format;
    __typeof__(avformat_open_input) *_Nonnull avformat_open_input;
    __typeof__(avformat_close_input) *_Nonnull avformat_close_input;
    __typeof__(avcodec_get_name) *_Nonnull avcodec_get_name;
};

/// Opens the three libraries (by the sonames of the headers: libavformat.so.N and so on) and resolves every
/// function of the table, once per process (later calls return the first call's answer). Returns NULL when
/// the table is ready, or what failed (dlopen's or dlsym's message), a string that lives as long as the process.
const char *_Nullable ad_libav_load(void);

/// The table; only after ad_libav_load() returned NULL.
const struct ad_libav_table *_Nonnull ad_libav(void);

// Swift cannot import function-like macros (AVERROR, FFERRTAG) or 64-bit casts in macros
// (AV_NOPTS_VALUE), and cannot write a C function that takes a va_list: each shim below stands for one.

/// AVERROR_EOF: a read callback's "no more bytes".
static inline int ad_averror_eof(void) { return AVERROR_EOF; }

/// AVERROR_EXIT: a callback's "stop now" (deadline passed, byte cap reached); libavformat does not retry it.
static inline int ad_averror_exit(void) { return AVERROR_EXIT; }

/// AVERROR_INVALIDDATA: what demuxers return for bytes they cannot read.
static inline int ad_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }

/// AVERROR(EIO) for a failed pread, AVERROR(EPERM) for a refused open.
static inline int ad_averror_errno(int code) { return AVERROR(code); }

/// AV_NOPTS_VALUE: "no timestamp / no duration".
static inline int64_t ad_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/// Silences libav's logging for the process: level quiet and a callback that drops every message, so a
/// hostile file can never make the host app print (or spend time formatting) anything. After the load.
void ad_av_silence_logging(void);

/// Installs an AVFormatContext.io_open that refuses every open: a demuxer that wants a second file (a
/// QuickTime data reference, a playlist entry) gets EPERM, so no protocol or file is ever opened beyond the
/// bytes the caller handed over.
void ad_av_refuse_io_open(AVFormatContext *_Nonnull context);

#endif
