/* Timing for `mouseking bench`: the thread's CPU clock and the median of repeated runs. Shared
 * by the engine figures (src/cli) and the screen figures (src/ui). */
#ifndef MK_BENCH_CLOCK_H
#define MK_BENCH_CLOCK_H

/* Microseconds of CPU time this thread has used (CLOCK_THREAD_CPUTIME_ID): what the figures
 * are timed on, so that other work on a shared host does not count against the code timed
 * (it still slows the code through the caches it shares). */
double bench_now_us(void);
/* Microseconds on the monotonic (wall) clock, for what waits on something else: the disk
 * (save_ms) and the X server (window_frame_us). */
double bench_wall_us(void);
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
