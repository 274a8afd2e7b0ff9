#ifndef VAST_CLIBXML2_SHIM_H
#define VAST_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the copy Foundation carries
// (`UErrorCode` defined twice). ICU only adds fields to xmlCharEncodingHandler, a struct this
// module never touches except through pointers, so its declaration is left out here.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlstring.h>
#include <libxml/dict.h>
#include <pthread.h>
#include <stdint.h>
#include <limits.h>
#include <string.h>
#include <time.h>

#ifndef __USE_GNU
// glibc declares it only with _GNU_SOURCE, which the Swift importer does not set.
extern void *memrchr(const void *s, int c, size_t n);
#endif

/// The one external-entity loader this process installs: it refuses every load, so no
/// parse can reach a file or the network whatever a document declares.
static xmlParserInputPtr vast_deny_entity_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
    (void)url; (void)id; (void)ctxt;
    return NULL;
}

/// Installs the deny-all loader and initialises libxml2. Called once, lazily, from Swift.
static inline void vast_xml_global_init(void) {
    xmlInitParser();
    xmlSetExternalEntityLoader(vast_deny_entity_loader);
}

static void vast_silent_generic(void *context, const char *message, ...) {
    (void)context; (void)message;
}

static void vast_silent_structured(void *context, xmlErrorPtr error) {
    (void)context; (void)error;
}

/// The calling thread's libxml2 error handlers, saved while a parse runs silenced.
typedef struct {
    xmlGenericErrorFunc generic;
    void *genericContext;
    xmlStructuredErrorFunc structured;
    void *structuredContext;
} vast_xml_error_handlers;

/// Silences libxml2's process-wide (per-thread in 2.9) error output for the calling thread and
/// returns what was there. Some errors (encoding conversion) bypass the parser context's SAX
/// error callback and would otherwise be printed on stderr by the library.
static inline vast_xml_error_handlers vast_xml_silence(void) {
    vast_xml_error_handlers saved = {
        xmlGenericError, xmlGenericErrorContext, xmlStructuredError, xmlStructuredErrorContext
    };
    xmlSetGenericErrorFunc(NULL, vast_silent_generic);
    xmlSetStructuredErrorFunc(NULL, vast_silent_structured);
    return saved;
}

/// Puts back the handlers ``vast_xml_silence`` replaced.
static inline void vast_xml_restore(vast_xml_error_handlers saved) {
    xmlSetGenericErrorFunc(saved.genericContext, saved.generic);
    xmlSetStructuredErrorFunc(saved.structuredContext, saved.structured);
}

/// What a SAX parse left behind: libxml2's last error (code, line, column, message).
typedef struct {
    int code;
    int line;
    int column;
    char message[256];
} vast_xml_error;

/// The most names a kept context's dictionary may hold: past it the context is freed after its
/// parse and the next one starts with a fresh dictionary. A VAST document uses about a hundred
/// names (every VAST element and attribute is about 250), so documents of ordinary names keep
/// reusing one context; hostile ones with thousands of distinct names cannot grow it without bound.
#define VAST_KEPT_DICT_NAMES 1024
/// The most entries a kept context's element, name, namespace and attribute tables may have
/// room for (libxml2 grows them for deep or wide documents and never shrinks them).
#define VAST_KEPT_TABLE_ENTRIES 1024

static void vast_context_free(void *value) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)value;
    if (ctxt == NULL) return;
    ctxt->sax = NULL;
    xmlFreeParserCtxt(ctxt);
}

// The key's storage is a function's static: the Swift importer emits the functions of this
// header that Swift calls, and with them their statics, but not the header's own variables.
static inline pthread_key_t *vast_context_key_storage(void) {
    static pthread_key_t key;
    return &key;
}

/// The thread-specific slot that holds the serial of the thread's kept context (see
/// ``vast_feed/context``), beside the context's own slot.
static inline pthread_key_t *vast_serial_key_storage(void) {
    static pthread_key_t key;
    return &key;
}

static void vast_context_key_init(void) {
    (void)pthread_key_create(vast_context_key_storage(), vast_context_free);
    (void)pthread_key_create(vast_serial_key_storage(), NULL);
}

/// The thread-specific slot that holds each thread's kept context (freed when the thread exits).
static inline pthread_key_t vast_context_key(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    (void)pthread_once(&once, vast_context_key_init);
    return *vast_context_key_storage();
}

/// A parser context for the calling thread, with its serial in `*serial`: the one it kept from its
/// last parse (reset) with the serial it was given, or a new one, which gets `fresh`. Taken out of
/// the thread's slot while in use, so a parse started from inside a callback (a URL validator that
/// parses) gets a context of its own.
static inline xmlParserCtxtPtr vast_context_take(uintptr_t fresh, uintptr_t *serial) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)pthread_getspecific(vast_context_key());
    if (ctxt != NULL) {
        (void)pthread_setspecific(vast_context_key(), NULL);
        *serial = (uintptr_t)pthread_getspecific(*vast_serial_key_storage());
        return ctxt;
    }
    *serial = fresh;
    return xmlNewParserCtxt();
}

/// Gives a context back after its parse: kept for the thread's next parse (without its input,
/// which xmlCtxtReset frees) while its tables stay small, freed otherwise. Freed when the
/// thread exits (the key's destructor).
static inline void vast_context_give_back(xmlParserCtxtPtr ctxt, uintptr_t serial) {
    ctxt->sax = NULL;
    ctxt->_private = NULL;
    int keep = ctxt->dict != NULL && xmlDictSize(ctxt->dict) <= VAST_KEPT_DICT_NAMES
        && ctxt->nodeMax <= VAST_KEPT_TABLE_ENTRIES && ctxt->nameMax <= VAST_KEPT_TABLE_ENTRIES
        && ctxt->spaceMax <= VAST_KEPT_TABLE_ENTRIES && ctxt->nsMax <= VAST_KEPT_TABLE_ENTRIES
        && ctxt->maxatts <= 5 * VAST_KEPT_TABLE_ENTRIES && ctxt->inputMax <= 16
        && pthread_getspecific(vast_context_key()) == NULL;
    if (!keep) {
        xmlFreeParserCtxt(ctxt);
        return;
    }
    xmlCtxtReset(ctxt);
    (void)pthread_setspecific(vast_context_key(), ctxt);
    (void)pthread_setspecific(*vast_serial_key_storage(), (void *)serial);
}

/// Why a feed stopped its parse (``vast_feed/reason``); 0 while it runs.
enum {
    VAST_FEED_RUNNING = 0,
    VAST_FEED_DEADLINE = 1,
    VAST_FEED_CANCELLED = 2,
    VAST_FEED_ATTRIBUTES = 3,
    VAST_FEED_NAMESPACES = 4,
    VAST_FEED_ELEMENTS = 5,
};

/// The most bytes one read hands libxml2. libxml2 asks for 4,000 at a time (xmlIO.c's MINLEN);
/// the checks run before each read, so this bounds the work between two checks: a start tag can
/// gain at most this many bytes (under 800 attributes) past a check before the next one sees it.
#define VAST_FEED_CHUNK 4000

/// The bytes of one parse, handed to libxml2 a chunk at a time by ``vast_feed_read``, and the
/// bounds checked before every chunk.
///
/// libxml2 pulls the bytes itself (an IO input, not a memory one), so a parse that does too much
/// work can be stopped from inside libxml2's own loops: 2.9.14's start-tag loop (xmlParseStartTag2)
/// calls GROW after every attribute, GROW calls the read callback when fewer than 250 bytes are
/// left, and the loop ends when the parser's state is XML_PARSER_EOF right after it.
typedef struct {
    const unsigned char *bytes;
    size_t size;
    size_t offset;
    /// The parse's context, set by ``vast_sax_parse`` before the first read.
    xmlParserCtxtPtr ctxt;
    /// The caller's number for a context this parse creates: never 0, and never given twice in the
    /// process (the caller counts them), so a serial names one context, and so one dictionary, for
    /// good, even after that context is freed and another is allocated at its address.
    uintptr_t fresh;
    /// The serial of the parse's context, set with `ctxt`: `fresh` for a new context, the one it was
    /// given for a kept one. libxml2 interns names in the context's dictionary, which a kept context
    /// keeps across its resets (2.9.14's xmlCtxtReset leaves `ctxt->dict`), and a dictionary's strings
    /// never move or change: while the serial is the same, a name's address means the same name,
    /// parse after parse.
    uintptr_t context;
    /// CLOCK_MONOTONIC nanoseconds past which the parse stops; 0 for none.
    int64_t deadline;
    /// Whether the caller gave up (the Swift task's cancellation); NULL for never.
    int (*cancelled)(void);
    /// The index in libxml2's attribute table (`ctxt->atts`, five entries per attribute) of the name
    /// of the attribute one past the cap: libxml2 writes it only while a start tag has more
    /// attributes than the cap. Cleared before the parse and after every start tag the SAX handler
    /// sees (``vast_feed_tag_reported``), so a non-NULL entry means the tag being read is over the
    /// cap. -1 when the cap is too large to watch this way.
    int attributeSlot;
    /// The most namespace declarations in scope (`ctxt->nsNr` counts two entries per declaration), and
    /// the most attributes a start tag may have.
    int maxNamespaces;
    /// The most elements the document may hold.
    long maxElements;
    /// Why the feed stopped the parse (VAST_FEED_*), 0 while it runs.
    int reason;
    /// The line libxml2 was reading when the feed stopped it.
    int line;
    /// Start tags the SAX handler has seen (``vast_feed_tag``).
    long elements;
} vast_feed;

static inline int64_t vast_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

/// Sets the feed's deadline `nanoseconds` from now (at once when 0 or less).
static inline void vast_feed_set_budget(vast_feed *feed, int64_t nanoseconds) {
    int64_t now = vast_monotonic_ns();
    feed->deadline = nanoseconds <= 0 ? now : (nanoseconds > INT64_MAX - now ? INT64_MAX : now + nanoseconds);
}

/// Why the parse must stop now (VAST_FEED_*), or 0: the deadline, the caller's cancellation, a start
/// tag over the attribute cap, too many namespace declarations in scope. Safe from any callback.
static inline int vast_feed_check(vast_feed *feed) {
    if (feed->deadline != 0 && vast_monotonic_ns() >= feed->deadline) return VAST_FEED_DEADLINE;
    if (feed->cancelled != NULL && feed->cancelled()) return VAST_FEED_CANCELLED;
    xmlParserCtxtPtr ctxt = feed->ctxt;
    if (ctxt == NULL) return 0;
    if (feed->attributeSlot >= 0 && ctxt->atts != NULL && feed->attributeSlot < ctxt->maxatts
        && ctxt->atts[feed->attributeSlot] != NULL) {
        return VAST_FEED_ATTRIBUTES;
    }
    if (ctxt->nsNr / 2 > feed->maxNamespaces) return VAST_FEED_NAMESPACES;
    return 0;
}

/// Called after each start tag the SAX handler saw: the next tag starts with a clear slot.
static inline void vast_feed_tag_reported(vast_feed *feed) {
    xmlParserCtxtPtr ctxt = feed->ctxt;
    if (feed->attributeSlot >= 0 && ctxt != NULL && ctxt->atts != NULL && feed->attributeSlot < ctxt->maxatts) {
        ctxt->atts[feed->attributeSlot] = NULL;
    }
}

/// Checks a start tag the SAX handler sees, with `attributes` attributes, against the bounds: its own
/// attributes and the namespace declarations in scope (exact, whether or not libxml2 read past a chunk
/// inside the tag), the element count, and every 64 elements ``vast_feed_check``; then clears the watched
/// slot for the next tag. Returns why the parse must stop (VAST_FEED_*), or 0. In C, as it runs at every
/// start tag.
static inline int vast_feed_tag(vast_feed *feed, int attributes) {
    feed->elements += 1;
    int reason = 0;
    xmlParserCtxtPtr ctxt = feed->ctxt;
    if (attributes > feed->maxNamespaces) {
        reason = VAST_FEED_ATTRIBUTES;
    } else if (ctxt != NULL && ctxt->nsNr / 2 > feed->maxNamespaces) {
        reason = VAST_FEED_NAMESPACES;
    } else if (feed->elements > feed->maxElements) {
        reason = VAST_FEED_ELEMENTS;
    } else if ((feed->elements & 63) == 0) {
        reason = vast_feed_check(feed);
    }
    vast_feed_tag_reported(feed);
    return reason;
}

/// libxml2's read callback: the next chunk of the feed's bytes, after the checks.
///
/// A stop cannot be xmlStopParser here: it frees the input buffer that xmlParserInputBufferGrow,
/// our caller, goes on using. It does instead what xmlStopParser does first (the state libxml2's
/// loops test, SAX off) and returns an error, which ends the input (libxml2 replaces the callback
/// with its end-of-input one); the buffers are freed when the context is reset.
static int vast_feed_read(void *context, char *buffer, int len) {
    vast_feed *feed = (vast_feed *)context;
    int reason = vast_feed_check(feed);
    if (reason != 0) {
        feed->reason = reason;
        if (feed->ctxt != NULL) {
            feed->line = feed->ctxt->input != NULL ? feed->ctxt->input->line : 0;
            feed->ctxt->instate = XML_PARSER_EOF;
            feed->ctxt->disableSAX = 1;
        }
        return -1;
    }
    size_t count = feed->size - feed->offset;
    if (count > VAST_FEED_CHUNK) count = VAST_FEED_CHUNK;
    if (len < 0) len = 0;
    if (count > (size_t)len) count = (size_t)len;
    memcpy(buffer, feed->bytes + feed->offset, count);
    feed->offset += count;
    return (int)count;
}

/// Makes room in a context's attribute table for `count` attributes (five entries each, plus the
/// five libxml2 keeps spare), as libxml2's own xmlCtxtGrowAttrs does with the same allocator, so that
/// the feed's watched slot is always inside the table. Returns 0, or -1 when out of memory.
static inline int vast_context_reserve_attributes(xmlParserCtxtPtr ctxt, int count) {
    int needed = 5 * count + 10;
    if (ctxt->atts != NULL && ctxt->maxatts >= needed) return 0;
    const xmlChar **atts = (const xmlChar **)xmlRealloc((void *)ctxt->atts, (size_t)needed * sizeof(xmlChar *));
    if (atts == NULL) return -1;
    ctxt->atts = atts;
    int *allocs = (int *)xmlRealloc(ctxt->attallocs, (size_t)(needed / 5) * sizeof(int));
    if (allocs == NULL) return -1;
    ctxt->attallocs = allocs;
    ctxt->maxatts = needed;
    return 0;
}

/// Parses the feed's bytes with a caller-owned SAX2 handler, libxml2 pulling them a chunk at a
/// time through ``vast_feed_read``.
///
/// Exists because no libxml2 entry point that takes a SAX handler also takes parser options: this
/// sets up the context the way `xmlCreateIOParserCtxt` does (an IO input over the read callback),
/// then sets only NONET and NOCDATA. The context is the thread's kept one when it has one (see
/// ``vast_context_take``): creating and freeing a context per document was a tenth of a small
/// document's parse. The handler is detached before the context is kept or freed, so the caller
/// keeps ownership. Returns 0 when the document was well formed; when the feed stopped the parse,
/// `feed->reason` says why.
static inline int vast_sax_parse(vast_feed *feed, xmlSAXHandler *sax, void *user, vast_xml_error *err) {
    // The callbacks receive the parser context (userData left at its default) so that they
    // can stop the parse and read line numbers; the Swift state travels in _private.
    vast_xml_error_handlers saved = vast_xml_silence();
    uintptr_t serial = 0;
    xmlParserCtxtPtr ctxt = vast_context_take(feed->fresh, &serial);
    int reserved = ctxt != NULL && feed->attributeSlot >= 0
        ? vast_context_reserve_attributes(ctxt, feed->attributeSlot / 5 + 1) : 0;
    xmlParserInputBufferPtr buffer = ctxt != NULL && reserved == 0
        ? xmlParserInputBufferCreateIO(vast_feed_read, NULL, feed, XML_CHAR_ENCODING_NONE) : NULL;
    xmlParserInputPtr input = buffer != NULL ? xmlNewIOInputStream(ctxt, buffer, XML_CHAR_ENCODING_NONE) : NULL;
    // inputPush frees the input when it fails; a buffer without an input is freed here.
    if (input == NULL && buffer != NULL) xmlFreeParserInputBuffer(buffer);
    if (input == NULL || inputPush(ctxt, input) < 0) {
        if (ctxt != NULL) vast_context_free(ctxt);
        vast_xml_restore(saved);
        err->code = -1;
        strncpy(err->message, "could not create a parser context", sizeof(err->message) - 1);
        return -1;
    }
    feed->ctxt = ctxt;
    feed->context = serial;
    vast_feed_tag_reported(feed);
    if (ctxt->sax != NULL && ctxt->sax != (xmlSAXHandlerPtr)&xmlDefaultSAXHandler) xmlFree(ctxt->sax);
    ctxt->sax = sax;
    ctxt->_private = user;
    cdataBlockSAXFunc cdata = sax->cdataBlock;
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOCDATA);
    // NOCDATA clears the handler's CDATA callback so that a tree would get plain text nodes;
    // this SAX parse builds no tree and wants to know where CDATA sections start and end
    // (a URL split across two sections is a finding), so the callback is put back.
    sax->cdataBlock = cdata;
    ctxt->replaceEntities = 0;
    ctxt->loadsubset = 0;
    ctxt->validate = 0;
    xmlParseDocument(ctxt);
    int ok = ctxt->wellFormed && ctxt->errNo == 0 && feed->reason == 0 ? 0 : 1;
    xmlErrorPtr last = xmlCtxtGetLastError(ctxt);
    if (ok != 0 && last != NULL) {
        err->code = last->code;
        err->line = last->line;
        err->column = last->int2;
        if (last->message != NULL) {
            strncpy(err->message, last->message, sizeof(err->message) - 1);
            err->message[sizeof(err->message) - 1] = 0;
        }
    } else if (ok != 0) {
        err->code = ctxt->errNo;
        err->line = ctxt->input != NULL ? ctxt->input->line : 0;
        err->column = ctxt->input != NULL ? ctxt->input->col : 0;
    }
    feed->ctxt = NULL;
    vast_context_give_back(ctxt, serial);
    vast_xml_restore(saved);
    return ok;
}

/// Tells libxml2 that the parse's input is all in its buffer, once it is known to need no
/// conversion: after the last chunk libxml2 would call the read callback (through
/// xmlParserInputBufferGrow) at every token within 250 bytes of the end, about sixty times for a
/// small document. Called at each start tag, by when the XML declaration has been read: with no
/// encoder the buffer holds the rest of the document as parsed, and without the callback those
/// calls return at once. A converted input (UTF-16, a declared legacy encoding) keeps its callback,
/// as libxml2 converts the rest of the raw bytes when it grows, and so does a parse whose buffer
/// spans XML_MAX_LOOKUP_LIMIT (10,000,000) bytes or more: libxml2 refuses to look that far ahead
/// without XML_PARSE_HUGE unless the callback is the memory one.
static inline void vast_sax_input_complete(void *ctx, vast_feed *feed) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    if (ctxt == NULL || ctxt->input == NULL || ctxt->inputNr != 1 || feed->offset < feed->size) return;
    xmlParserInputPtr input = ctxt->input;
    xmlParserInputBufferPtr buf = input->buf;
    // The callback is the feed's, or libxml2's end-of-input one once the feed has said it is done.
    if (buf == NULL || buf->readcallback == NULL || buf->encoder != NULL) return;
    if (input->base == NULL || input->end == NULL || input->end - input->base >= XML_MAX_LOOKUP_LIMIT) return;
    buf->readcallback = NULL;
}

/// The Swift state of the parse behind a SAX callback.
static inline void *vast_sax_user(void *ctx) {
    return ((xmlParserCtxtPtr)ctx)->_private;
}

/// Stops a parse from inside a SAX callback (the callbacks receive the context as `void *`).
static inline void vast_sax_stop(void *ctx) {
    xmlStopParser((xmlParserCtxtPtr)ctx);
}

/// The current line of the parse behind a SAX callback, for finding locations.
static inline int vast_sax_line(void *ctx) {
    return xmlSAX2GetLineNumber(ctx);
}

/// The line and column (1-based; the column counts characters) of the `<` that opened a start tag,
/// for finding locations an editor can jump to, from what libxml2 holds at the tag's startElementNs
/// callback: `base` to `cur` is its buffer up to where it stopped reading (past the tag's attributes),
/// `line` and `col` are the line and column of `cur`, and `shrunk` says whether bytes before `base`
/// were dropped. The `<` is the last one before `cur` (XML allows none inside a tag), and only the
/// characters between the two are walked, so the cost is the tag's length. Returns 0 (and leaves
/// `*line_out` alone) when the `<` is no longer in the buffer.
static inline int vast_tag_column(const xmlChar *base, const xmlChar *cur, int line, int col, int shrunk,
                                  int *line_out) {
    if (base == NULL || cur == NULL || cur <= base) return 0;
    const xmlChar *lt = (const xmlChar *)memrchr(base, '<', (size_t)(cur - base));
    if (lt == NULL) return 0;
    const xmlChar *p = lt + 1;
    int characters = 0;
    int newlines = 0;
    // Most tags are one line of ASCII: then the characters are the bytes. Eight bytes at a time
    // look for a newline or a byte with its high bit set; either sends the tag to the byte loop.
    const xmlChar *r = p;
    int plain = 1;
    for (; cur - r >= 8; r += 8) {
        uint64_t word;
        memcpy(&word, r, 8);
        uint64_t lf = word ^ 0x0A0A0A0A0A0A0A0AULL;
        if (((word | ((lf - 0x0101010101010101ULL) & ~lf)) & 0x8080808080808080ULL) != 0) {
            plain = 0;
            break;
        }
    }
    if (plain) {
        for (; r < cur; r++) {
            if (*r == '\n' || *r >= 0x80) {
                plain = 0;
                break;
            }
        }
    }
    if (plain) {
        characters = (int)(cur - p);
    } else {
        for (r = p; r < cur; r++) {
            if (*r == '\n') newlines++;
            if ((*r & 0xC0) != 0x80) characters++;
        }
    }
    if (newlines == 0) {
        int column = col - characters - 1;
        if (column < 1) return 0;
        *line_out = line;
        return column;
    }
    // A start tag over several lines: count back from the `<` to its line's start, a bounded walk.
    const xmlChar *open = p - 1;
    const xmlChar *q = open;
    int column = 1;
    while (q > base && *(q - 1) != '\n') {
        q--;
        if ((*q & 0xC0) != 0x80) column++;
        if (column > 4096) return 0;
    }
    if (q == base && shrunk) return 0;
    *line_out = line - newlines;
    return column;
}

/// Where a start tag is, kept as what libxml2 holds at its callback and made into a line and column
/// (``vast_tag_mark_resolve``) only when a finding asks: most tags never need one, and working the
/// column out at every tag was a thirtieth of a small document's parse. Zero is a resolved mark of
/// no known place.
typedef struct {
    /// libxml2's line and column of `cur` while `pending`; the tag's own once resolved (0: unknown).
    int line;
    int column;
    /// Non-zero while the mark holds libxml2's state rather than the tag's line and column.
    int pending;
    /// Where libxml2's buffer started in the document (`consumed`), and how far into it libxml2 had
    /// read (`cur - base`), while `pending`.
    long start;
    long read;
} vast_tag_mark;

/// The mark of the start tag a startElementNs callback reports. libxml2's buffer holds the
/// document's own bytes from `consumed` on when nothing converts them (no encoder, one input), so the
/// mark keeps two offsets and the tag is found again in the caller's bytes later; a converted input
/// is resolved at once from the buffer.
static inline void vast_sax_tag_mark(void *ctx, vast_tag_mark *mark) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    mark->pending = 0;
    mark->start = 0;
    mark->read = 0;
    if (ctxt == NULL || ctxt->input == NULL) {
        mark->line = 0;
        mark->column = 0;
        return;
    }
    xmlParserInputPtr input = ctxt->input;
    mark->line = input->line;
    mark->column = input->col;
    if (ctxt->inputNr == 1 && input->buf != NULL && input->buf->encoder == NULL && input->base != NULL
        && input->cur != NULL && input->cur >= input->base && input->consumed <= LONG_MAX) {
        mark->pending = 1;
        mark->start = (long)input->consumed;
        mark->read = (long)(input->cur - input->base);
        return;
    }
    int line = input->line;
    mark->column = vast_tag_column(input->base, input->cur, input->line, input->col, input->consumed > 0, &line);
    mark->line = line;
}

/// Resolves a pending mark against the document's `count` bytes at `bytes` (the bytes the parse was
/// given): the answer ``vast_tag_column`` would have given over libxml2's buffer at the callback, from
/// the same bytes.
static inline void vast_tag_mark_resolve(vast_tag_mark *mark, const unsigned char *bytes, size_t count) {
    if (!mark->pending) return;
    mark->pending = 0;
    if (bytes == NULL || mark->start < 0 || mark->read < 0 || (size_t)mark->start > count
        || (size_t)mark->read > count - (size_t)mark->start) {
        mark->column = 0;
        return;
    }
    int line = mark->line;
    const xmlChar *base = bytes + mark->start;
    mark->column = vast_tag_column(base, base + mark->read, mark->line, mark->column, mark->start > 0, &line);
    mark->line = line;
}

/// Whether any of the `count` bytes at `bytes` is a space, a C0 control or DEL (0x00 to 0x20, 0x7F):
/// what a URL may not hold unescaped. Eight bytes at a time (exact as a yes or no: a byte under
/// 0x21 sets the high bit of `word - 0x21...` where `~word` keeps it; DEL is a zero of `word ^ 0x7F...`).
static inline int vast_has_control(const unsigned char *bytes, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        uint64_t del = word ^ 0x7F7F7F7F7F7F7F7FULL;
        uint64_t low = (word - 0x2121212121212121ULL) & ~word;
        uint64_t zero = (del - 0x0101010101010101ULL) & ~del;
        if (((low | zero) & 0x8080808080808080ULL) != 0) return 1;
    }
    for (; i < count; i++) {
        if (bytes[i] <= 0x20 || bytes[i] == 0x7F) return 1;
    }
    return 0;
}

/// Bytes of `word` equal to the byte repeated in `pattern`: the high bit of each such byte is set.
/// A borrow can also flag a byte above a true match, never below one, so the lowest flagged byte
/// (the first in memory on a little-endian machine) is always a true match.
static inline uint64_t vast_bytes_equal(uint64_t word, uint64_t pattern) {
    uint64_t x = word ^ pattern;
    return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL;
}

/// How many of the `count` bytes at `base` are `=`, counted until the count passes `max` (then some
/// number over `max` is returned). The attribute pre-scan's fast path: a document with no more `=`
/// in all than one tag may have attributes cannot hold a tag over the cap, wherever its `=` stand.
/// A plain byte loop in blocks of 255, which the compiler turns into vector compares and adds.
static inline long vast_count_equals(const unsigned char *base, size_t count, long max) {
    long found = 0;
    size_t index = 0;
    while (index < count) {
        size_t end = count - index > 255 ? index + 255 : count;
        unsigned char block = 0;
        for (; index < end; index++) block += (unsigned char)(base[index] == '=');
        found += block;
        if (found > max) return found;
    }
    return found;
}

/// The attribute pre-scan's reading of one tag: from `index` (just past its `<`) in the `count`
/// bytes at `base`, counts `=` outside quoted values up to the tag's `>`, eight bytes at a time
/// between quotes, `=` and `>`. Returns the index just past the `>` with the count in `*equals`;
/// past the `=` that takes the count over `max` (then `*equals` is `max + 1`); or `count` with
/// `*ended` set when the bytes end first (or a quoted value never closes).
static inline size_t vast_prescan_tag(const unsigned char *base, size_t count, size_t index, long max,
                                      long *equals, int *ended) {
    long found = 0;
    *ended = 0;
    while (index < count) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (count - index >= 8) {
            uint64_t word;
            memcpy(&word, base + index, 8);
            uint64_t hits = vast_bytes_equal(word, 0x2222222222222222ULL) | vast_bytes_equal(word, 0x2727272727272727ULL)
                            | vast_bytes_equal(word, 0x3D3D3D3D3D3D3D3DULL) | vast_bytes_equal(word, 0x3E3E3E3E3E3E3E3EULL);
            if (hits == 0) {
                index += 8;
                continue;
            }
            index += (size_t)(__builtin_ctzll(hits) >> 3);
        }
#endif
        unsigned char byte = base[index];
        index += 1;
        if (byte == '"' || byte == '\'') {
            const void *close = memchr(base + index, byte, count - index);
            if (close == NULL) {
                *equals = found;
                *ended = 1;
                return count;
            }
            index = (size_t)((const unsigned char *)close - base) + 1;
        } else if (byte == '=') {
            found += 1;
            if (found > max) {
                *equals = found;
                return index;
            }
        } else if (byte == '>') {
            *equals = found;
            return index;
        }
    }
    *equals = found;
    *ended = 1;
    return count;
}

#endif
