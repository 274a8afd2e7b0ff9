// The suite's cap on how many tests Swift Testing runs at once, set before its entry point reads it.
//
// A plain `swift test` runs every test of every target at once: on a two-core machine hundreds of
// loopback servers, child processes and deadline tests then queue their CPU work on the cooperative pool's
// two threads, and a 300 ms timeout is noticed seconds late. Swift Testing reads the cap from the
// environment (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH) when it starts, so this constructor, which
// runs when the test program is loaded, sets it to twice the online CPUs (at least 4) unless the caller set
// it: `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=N swift test` still chooses its own, and
// `swift test --no-parallel` (Tools/test) runs one at a time whatever it says.
#include "TestParallelism.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int test_parallelism_width(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    long width = cpus > 0 ? 2 * cpus : 4;
    return (int)(width < 4 ? 4 : width);
}

__attribute__((constructor)) static void test_parallelism_cap(void) {
    char value[16];
    snprintf(value, sizeof value, "%d", test_parallelism_width());
    if (getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH") != NULL) return;
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", value, 1);
    // Tells the suite's own test that the width is this file's, not the caller's.
    setenv("TEST_PARALLELISM_WIDTH_SET", "1", 1);
}
