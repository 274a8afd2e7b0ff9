/*
 * raw_curl.c — bench-lifecycle's same-run baseline: keep-alive GETs with bare libcurl (the multi
 * interface, one thread), no Swift, no store, to the sink the dispatcher is measured against.
 *
 * Usage: raw_curl BASE_URL COUNT IN_FLIGHT MAX_CONNS_PER_HOST
 *   COUNT GETs of beacon-shaped URLs (~200 bytes) under BASE_URL, IN_FLIGHT transfers added to the
 *   multi handle at a time (as many as the dispatcher's sends), at most MAX_CONNS_PER_HOST connections
 *   to the host (as the project's HTTPClient); a transfer's handle is reused for the next URL.
 * Prints one line:
 *   raw_curl requests=N ok=K wall_ms=W per_s=R cpu_us_per_request=C
 *   (ok: answered 2xx; CPU: getrusage of this process over the timed loop, user + system.)
 * Built by Tools/bench-lifecycle/run: cc -O2 raw_curl.c $(pkg-config --cflags --libs libcurl).
 */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static const char *events[] = {
    "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
    "pause", "resume", "mute", "unmute", "playerExpand", "playerCollapse", "progress", "clickTracking",
    "iconViewTracking", "iconClickTracking", "companionClickTracking", "loaded", "closeLinear",
};

struct slot {
    CURL *easy;
    char url[512];
};

static size_t discard(char *data, size_t size, size_t count, void *user) {
    (void)data;
    (void)user;
    return size * count;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double cpu_us(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e6 + u.ru_utime.tv_usec + u.ru_stime.tv_usec;
}

static void start(CURLM *multi, struct slot *slot, const char *base, long n) {
    snprintf(slot->url, sizeof slot->url,
             "%s/beacon/%s?ad=raw-%08lX-0000-4000-8000-%012lX&cb=%ld"
             "&ts=2025-06-15T12%%3A00%%3A00.000Z&ph=00%%3A00%%3A12.300&app=com.example.clips&lat=0",
             base, events[n % 20], (unsigned long)(n / 20) * 2654435761UL % 0xFFFFFFFFUL,
             (unsigned long)n, 10000000 + n % 89999999);
    curl_easy_setopt(slot->easy, CURLOPT_URL, slot->url);
    curl_multi_add_handle(multi, slot->easy);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: raw_curl BASE_URL COUNT IN_FLIGHT MAX_CONNS_PER_HOST\n");
        return 2;
    }
    const char *base = argv[1];
    long count = atol(argv[2]), in_flight = atol(argv[3]), max_conns = atol(argv[4]);
    if (count < 1 || in_flight < 1 || max_conns < 1 || strlen(base) > 200) {
        fprintf(stderr, "raw_curl: COUNT, IN_FLIGHT and MAX_CONNS_PER_HOST must be positive\n");
        return 2;
    }
    if (in_flight > count) in_flight = count;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURLM *multi = curl_multi_init();
    curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max_conns);
    curl_multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max_conns < 64 ? 64L : max_conns);
    struct slot *slots = calloc((size_t)in_flight, sizeof *slots);
    if (!slots) return 1;

    double cpu0 = cpu_us(), t0 = now_ms();
    long next = 0, ok = 0, done = 0;
    for (long i = 0; i < in_flight; i++) {
        slots[i].easy = curl_easy_init();
        curl_easy_setopt(slots[i].easy, CURLOPT_WRITEFUNCTION, discard);
        curl_easy_setopt(slots[i].easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(slots[i].easy, CURLOPT_TIMEOUT_MS, 10000L);
        curl_easy_setopt(slots[i].easy, CURLOPT_PRIVATE, &slots[i]);
        start(multi, &slots[i], base, next++);
    }
    while (done < count) {
        int running = 0;
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int left;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            long status = 0;
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
            if (message->data.result == CURLE_OK && status >= 200 && status < 300) ok++;
            done++;
            struct slot *slot;
            curl_easy_getinfo(easy, CURLINFO_PRIVATE, (char **)&slot);
            curl_multi_remove_handle(multi, easy);
            if (next < count) start(multi, slot, base, next++);
        }
        if (done < count) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    double wall = now_ms() - t0, cpu = cpu_us() - cpu0;
    for (long i = 0; i < in_flight; i++) curl_easy_cleanup(slots[i].easy);
    curl_multi_cleanup(multi);
    curl_global_cleanup();
    free(slots);
    printf("raw_curl requests=%ld ok=%ld wall_ms=%.1f per_s=%.0f cpu_us_per_request=%.2f\n", count, ok,
           wall, count / wall * 1e3, cpu / count);
    return ok == count ? 0 : 1;
}
