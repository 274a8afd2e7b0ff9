#ifndef AD_CAVFORMAT_SHIM_H
#define AD_CAVFORMAT_SHIM_H

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

/// The log callback libav gets: it drops every message, so a hostile file can never make the host app
/// print (or spend time formatting) anything. A C function because its last parameter is a va_list.
static void ad_av_log_discard(void *context, int level, const char *format, va_list arguments) {
    (void)context; (void)level; (void)format; (void)arguments;
}

/// Silences libav's logging for the process: level quiet and the discarding callback above.
static inline void ad_av_silence_logging(void) {
    av_log_set_level(AV_LOG_QUIET);
    av_log_set_callback(ad_av_log_discard);
}

/// AVFormatContext.io_open replacement that refuses every open: a demuxer that wants a second file
/// (a QuickTime data reference, a playlist entry) gets EPERM, so no protocol or file is ever opened
/// beyond the bytes the caller handed over.
static int ad_av_io_open_refused(struct AVFormatContext *context, AVIOContext **pb, const char *url, int flags,
                                 AVDictionary **options) {
    (void)context; (void)pb; (void)url; (void)flags; (void)options;
    return AVERROR(EPERM);
}

/// Installs ad_av_io_open_refused on a context (Swift cannot take a C function's address as this type).
static inline void ad_av_refuse_io_open(AVFormatContext *context) {
    context->io_open = ad_av_io_open_refused;
}

#endif
