/* Timing for `mouseking bench`: a monotonic clock and the median of repeated runs. Shared by
 * the engine figures (src/cli) and the screen figures (src/ui). */
#ifndef MK_BENCH_CLOCK_H
#define MK_BENCH_CLOCK_H

/* Microseconds on a monotonic clock. */
double bench_now_us(void);
/* The median of n values (sorts them). */
double bench_median(double *v, int n);

/* What `bench` prints of a figure timed in several rounds: the median and the extremes. */
typedef struct BenchSpread {
    double median, min, max;
    int rounds;
} BenchSpread;

/* The spread of n rounds (sorts them). */
BenchSpread bench_spread(double *v, int n);

#endif
