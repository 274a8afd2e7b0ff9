// The test suite's cap on tests in flight (see TestParallelism.c). Nothing to call: the cap is set when the
// test program loads.
#ifndef TEST_PARALLELISM_H
#define TEST_PARALLELISM_H

/// How many tests this suite lets Swift Testing run at once on this machine: its online CPUs, and at
/// least 2.
int test_parallelism_width(void);

#endif
