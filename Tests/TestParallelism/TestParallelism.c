// The suite's cap on how many tests Swift Testing runs at once, set before its entry point reads it.
//
// A plain `swift test` runs every test of every target at once: on a two-core machine hundreds of
// loopback servers, child processes and deadline tests then queue their CPU work on the cooperative pool's
// two threads, and a 300 ms timeout is noticed seconds late. Swift Testing reads the cap from the
// environment (SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH) when it starts, so this constructor, which
// runs when the test program is loaded, sets it to the online CPUs (at least 2) unless the caller set it:
// `SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=N swift test` still chooses its own, and
// `swift test --no-parallel` (Tools/test) runs one at a time whatever it says.
#include "TestParallelism.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int test_parallelism_width(void) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    // As many as the cooperative pool has threads: a test that computes for seconds on one of them (a
    // corpus, a property test) then leaves the others to the tests whose timers and transfers need them.
    // Twice that still let two such tests take the whole pool and stall a timeout test for five seconds.
    return (int)(cpus > 2 ? cpus : 2);
}

__attribute__((constructor)) static void test_parallelism_cap(void) {
    if (getenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH") != NULL) return;
    char value[16];
    snprintf(value, sizeof value, "%d", test_parallelism_width());
    setenv("SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH", value, 1);
    // Tells the suite's own test that the width is this file's, not the caller's.
    setenv("TEST_PARALLELISM_WIDTH_SET", "1", 1);
}
