/*
 * sax_baseline.c — libxml2 SAX2 "floor" for the VAST parse benchmark.
 *
 * Reads every input file fully into memory, then times R rounds where one
 * round parses every in-memory document once with libxml2's SAX2 callbacks
 * (xmlCreateMemoryParserCtxt + own SAX handler +
 * xmlCtxtUseOptions(XML_PARSE_NONET | XML_PARSE_NOCDATA) + xmlParseDocument).
 * No tree is built. The callbacks touch every element name, every attribute
 * (localname + value bytes) and every character run, folding the bytes into
 * a checksum that is printed at the end so nothing can be optimised away.
 *
 * This is the cost of "libxml2 tokenising the bytes and handing them to us";
 * any real parser built on libxml2 SAX2 does at least this much work.
 *
 * Build:  cc -O2 -o sax_baseline sax_baseline.c $(pkg-config --cflags --libs libxml-2.0)
 * Usage:  sax_baseline [--reps N] [--warmup W] [--warmup-ms MS] [--latency K] [--quiet] FILE_OR_DIR...
 *         Warm-up: at least W rounds (default 2) AND at least MS ms (default 300).
 *         Directories are searched recursively for *.xml (case-insensitive).
 *         --latency K: after the warm-up, parse the first document K times, timing each parse
 *         on its own (one "sample us=" line each) instead of timing rounds.
 *
 * Output (stdout):
 *   round <i> time_s=<seconds>        one line per measured round
 *   sax_docs=<n> sax_failed=<n> sax_bytes=<n> sax_rounds=<R> sax_warmup_rounds=<n>
 *   sax_elements_per_round=.. sax_attributes_per_round=.. sax_text_bytes_per_round=..
 *     checksum=<deterministic, one pass> sink=<all passes; varies with warm-up count>
 *   sax_best_s=... sax_median_s=... sax_docs_per_s=... sax_MBps=... (median; MB = 1e6 bytes)
 * With --latency K, instead of the rounds and the last two lines:
 *   sample us=<microseconds>          one line per timed parse of the first document
 *   sax_latency_samples=K sax_p50_us=... sax_p99_us=...
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

/* ------------------------------------------------------------------ inputs */

typedef struct {
    char *path;
    unsigned char *data;
    size_t len;
} Doc;

static Doc *docs = NULL;
static size_t ndocs = 0, capdocs = 0;
static char **paths = NULL;
static size_t npaths = 0, cappaths = 0;

static void die(const char *msg, const char *arg) {
    fprintf(stderr, "sax_baseline: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

static void add_path(const char *p) {
    if (npaths == cappaths) {
        cappaths = cappaths ? cappaths * 2 : 64;
        paths = realloc(paths, cappaths * sizeof *paths);
        if (!paths) die("out of memory", NULL);
    }
    paths[npaths++] = strdup(p);
}

static int has_xml_ext(const char *name) {
    size_t n = strlen(name);
    return n >= 4 && strcasecmp(name + n - 4, ".xml") == 0;
}

static void walk(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) die("cannot open directory", dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char *child;
        if (asprintf(&child, "%s/%s", dir, e->d_name) < 0) die("out of memory", NULL);
        struct stat st;
        if (stat(child, &st) == 0) {
            if (S_ISDIR(st.st_mode)) walk(child);
            else if (S_ISREG(st.st_mode) && has_xml_ext(e->d_name)) add_path(child);
        }
        free(child);
    }
    closedir(d);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void load(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open", path);
    if (fseek(f, 0, SEEK_END) != 0) die("cannot seek", path);
    long sz = ftell(f);
    if (sz < 0) die("cannot tell", path);
    rewind(f);
    unsigned char *buf = malloc((size_t)sz + 1);
    if (!buf) die("out of memory", NULL);
    if (sz > 0 && fread(buf, 1, (size_t)sz, f) != (size_t)sz) die("short read", path);
    fclose(f);
    if (ndocs == capdocs) {
        capdocs = capdocs ? capdocs * 2 : 64;
        docs = realloc(docs, capdocs * sizeof *docs);
        if (!docs) die("out of memory", NULL);
    }
    docs[ndocs].path = strdup(path);
    docs[ndocs].data = buf;
    docs[ndocs].len = (size_t)sz;
    ndocs++;
}

/* --------------------------------------------------------------- callbacks */

typedef struct {
    uint64_t sum;       /* folded bytes */
    uint64_t elements;
    uint64_t attributes;
    uint64_t text_bytes;
} Sink;

static inline uint64_t fold(uint64_t h, const unsigned char *p, size_t n) {
    /* cheap, vectorisable; touches every byte */
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++) s += p[i];
    return (h ^ s) * 0x100000001b3ULL + n;
}

static inline uint64_t fold_cstr(uint64_t h, const xmlChar *s) {
    return s ? fold(h, s, strlen((const char *)s)) : h;
}

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                     const xmlChar *URI, int nb_namespaces, const xmlChar **namespaces,
                     int nb_attributes, int nb_defaulted, const xmlChar **attributes) {
    (void)prefix; (void)URI; (void)nb_namespaces; (void)namespaces; (void)nb_defaulted;
    Sink *k = ((xmlParserCtxtPtr)ctx)->_private;
    k->elements++;
    k->sum = fold_cstr(k->sum, localname);
    for (int i = 0; i < nb_attributes; i++) {
        const xmlChar **a = attributes + 5 * i; /* localname, prefix, URI, value, end */
        k->sum = fold_cstr(k->sum, a[0]);
        k->sum = fold(k->sum, a[3], (size_t)(a[4] - a[3]));
        k->attributes++;
    }
}

static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI) {
    (void)prefix; (void)URI;
    Sink *k = ((xmlParserCtxtPtr)ctx)->_private;
    k->sum = fold_cstr(k->sum, localname);
}

static void on_chars(void *ctx, const xmlChar *ch, int len) {
    Sink *k = ((xmlParserCtxtPtr)ctx)->_private;
    k->sum = fold(k->sum, ch, (size_t)len);
    k->text_bytes += (uint64_t)len;
}

static void on_serror(void *user, xmlErrorPtr err) { (void)user; (void)err; }
static void on_generic(void *user, const char *msg, ...) { (void)user; (void)msg; }

static xmlSAXHandler handler;

static void init_handler(void) {
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.endElementNs = on_end;
    handler.characters = on_chars;
    handler.cdataBlock = on_chars; /* NOCDATA routes CDATA to characters anyway */
    handler.serror = on_serror;
}

/* Returns 1 if the document parsed as well-formed. */
static int parse_one(const Doc *d, Sink *k) {
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt((const char *)d->data, (int)d->len);
    if (!ctxt) return 0;
    xmlSAXHandlerPtr sax = xmlMalloc(sizeof(xmlSAXHandler));
    memcpy(sax, &handler, sizeof handler);
    if (ctxt->sax) xmlFree(ctxt->sax);
    ctxt->sax = sax;          /* freed by xmlFreeParserCtxt */
    ctxt->userData = ctxt;    /* callbacks get the ctxt; state lives in _private */
    ctxt->_private = k;
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_NOCDATA);
    xmlParseDocument(ctxt);
    int ok = ctxt->wellFormed && !ctxt->errNo;
    if (ctxt->myDoc) xmlFreeDoc(ctxt->myDoc); /* never set: no startDocument */
    xmlFreeParserCtxt(ctxt);
    return ok;
}

/* ------------------------------------------------------------------- main */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double percentile(double *v, int n, double p) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    int i = (int)(p * (double)(n - 1) + 0.5);
    return v[i < 0 ? 0 : (i >= n ? n - 1 : i)];
}

static void usage(void) {
    fprintf(stderr, "usage: sax_baseline [--reps N] [--warmup W] [--warmup-ms MS] [--latency K] [--quiet] FILE_OR_DIR...\n");
    exit(2);
}

int main(int argc, char **argv) {
    int reps = 15, warmup = 2, quiet = 0, latency = 0;
    double warmup_ms = 300;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else if (strcmp(a, "--warmup") == 0 && i + 1 < argc) warmup = atoi(argv[++i]);
        else if (strcmp(a, "--warmup-ms") == 0 && i + 1 < argc) warmup_ms = atof(argv[++i]);
        else if (strcmp(a, "--latency") == 0 && i + 1 < argc) latency = atoi(argv[++i]);
        else if (strcmp(a, "--quiet") == 0) quiet = 1;
        else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) usage();
        else if (strcmp(a, "--") == 0) { for (++i; i < argc; i++) add_path(argv[i]); }
        else {
            struct stat st;
            if (stat(a, &st) != 0) die("no such file or directory", a);
            if (S_ISDIR(st.st_mode)) {
                size_t before = npaths;
                walk(a);
                qsort(paths + before, npaths - before, sizeof *paths, cmp_str);
            } else add_path(a);
        }
    }
    if (reps < 1 || warmup < 0 || warmup_ms < 0 || latency < 0 || latency > 10000000) usage();
    if (npaths == 0) die("no input .xml files", NULL);

    for (size_t i = 0; i < npaths; i++) load(paths[i]);
    size_t total = 0;
    for (size_t i = 0; i < ndocs; i++) total += docs[i].len;

    xmlInitParser();
    xmlSetStructuredErrorFunc(NULL, on_serror);
    xmlSetGenericErrorFunc(NULL, on_generic);
    init_handler();

    Sink sink = {0};
    size_t failed = 0;
    /* warm-up rounds; also record which docs fail (deterministic) */
    /* at least `warmup` rounds and at least warmup_ms of wall time, so CPU
     * clocks / caches / allocator are in steady state before timing */
    int warm_rounds = 0;
    double w0 = now_s();
    while (warm_rounds < warmup || (now_s() - w0) * 1e3 < warmup_ms) {
        for (size_t i = 0; i < ndocs; i++) parse_one(&docs[i], &sink);
        warm_rounds++;
    }
    Sink once = {0}; /* one deterministic pass: counts + checksum reported */
    for (size_t i = 0; i < ndocs; i++)
        if (!parse_one(&docs[i], &once)) {
            failed++;
            if (!quiet) fprintf(stderr, "sax_baseline: not well-formed: %s\n", docs[i].path);
        }

    if (latency > 0) {
        double *lat = malloc((size_t)latency * sizeof *lat);
        if (!lat) die("out of memory", NULL);
        for (int k = 0; k < latency; k++) {
            double t0 = now_s();
            parse_one(&docs[0], &sink);
            lat[k] = (now_s() - t0) * 1e6;
            printf("sample us=%.3f\n", lat[k]);
        }
        printf("sax_docs=1 sax_failed=%zu sax_bytes=%zu sax_latency_samples=%d sax_warmup_rounds=%d sink=%016llx\n",
               failed, docs[0].len, latency, warm_rounds, (unsigned long long)sink.sum);
        double p50 = percentile(lat, latency, 0.50), p99 = percentile(lat, latency, 0.99);
        printf("sax_p50_us=%.2f sax_p99_us=%.2f\n", p50, p99);
        free(lat);
        xmlCleanupParser();
        return 0;
    }

    double *t = malloc((size_t)reps * sizeof *t);
    for (int r = 0; r < reps; r++) {
        double t0 = now_s();
        for (size_t i = 0; i < ndocs; i++) parse_one(&docs[i], &sink);
        t[r] = now_s() - t0;
        printf("round %d time_s=%.6f\n", r + 1, t[r]);
    }
    double best = t[0];
    for (int r = 1; r < reps; r++) if (t[r] < best) best = t[r];
    double med = median(t, reps);

    printf("sax_docs=%zu sax_failed=%zu sax_bytes=%zu sax_rounds=%d sax_warmup_rounds=%d\n",
           ndocs, failed, total, reps, warm_rounds);
    printf("sax_elements_per_round=%llu sax_attributes_per_round=%llu sax_text_bytes_per_round=%llu checksum=%016llx sink=%016llx\n",
           (unsigned long long)once.elements, (unsigned long long)once.attributes,
           (unsigned long long)once.text_bytes, (unsigned long long)once.sum,
           (unsigned long long)sink.sum);
    printf("sax_best_s=%.6f sax_median_s=%.6f sax_best_MBps=%.1f\n", best, med, (double)total / best / 1e6);
    printf("sax_docs_per_s=%.1f sax_MBps=%.1f\n", (double)ndocs / med, (double)total / med / 1e6);

    xmlCleanupParser();
    return 0;
}
