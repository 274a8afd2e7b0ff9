/*
 * cold_parse.c — bench-getad's baseline for `cold_ratio`: how much slower a plain C parse of a VAST
 * document gets after an idle pause, on this machine, in the same run as the engine.
 *
 * Usage: cold_parse FILE RUNS WARMUPS PAUSE_MS
 *   Parses FILE with libxml2's xmlReadMemory (a tree, as a C program would) RUNS times back to back
 *   after WARMUPS untimed parses, then RUNS times each after PAUSE_MS of nanosleep (the thread idle, as
 *   the engine's is while a response is on its way). CPU per parse from CLOCK_PROCESS_CPUTIME_ID.
 * Prints one line:
 *   cold_parse bytes=B warm_p50_us=W cold_p50_us=C slowdown=S   (S = C / W)
 * Built by Tools/bench-getad/run: cc -O2 cold_parse.c $(pkg-config --cflags --libs libxml-2.0).
 */
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count) {
    qsort(values, (size_t)count, sizeof *values, by_value);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static double parse(const char *bytes, long size) {
    double start = cpu_us();
    xmlDocPtr doc = xmlReadMemory(bytes, (int)size, "vast.xml", NULL, XML_PARSE_NONET);
    if (!doc) {
        fprintf(stderr, "cold_parse: the document does not parse\n");
        exit(1);
    }
    xmlFreeDoc(doc);
    return cpu_us() - start;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: cold_parse FILE RUNS WARMUPS PAUSE_MS\n");
        return 2;
    }
    int runs = atoi(argv[2]), warmups = atoi(argv[3]), pause_ms = atoi(argv[4]);
    if (runs < 1 || warmups < 0 || pause_ms < 1) {
        fprintf(stderr, "cold_parse: RUNS and PAUSE_MS must be positive, WARMUPS not negative\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *bytes = malloc((size_t)size + 1);
    double *warm = malloc(sizeof(double) * (size_t)runs), *cold = malloc(sizeof(double) * (size_t)runs);
    if (!bytes || !warm || !cold || fread(bytes, 1, (size_t)size, file) != (size_t)size) return 1;
    fclose(file);
    xmlInitParser();
    for (int i = 0; i < warmups; i++) parse(bytes, size);
    for (int i = 0; i < runs; i++) warm[i] = parse(bytes, size);
    struct timespec pause = {pause_ms / 1000, (long)(pause_ms % 1000) * 1000000L};
    for (int i = 0; i < runs; i++) {
        nanosleep(&pause, NULL);
        cold[i] = parse(bytes, size);
    }
    double w = median(warm, runs), c = median(cold, runs);
    printf("cold_parse bytes=%ld warm_p50_us=%.2f cold_p50_us=%.2f slowdown=%.3f\n", size, w, c, c / w);
    xmlCleanupParser();
    free(bytes);
    free(warm);
    free(cold);
    return 0;
}
