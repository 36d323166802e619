#define _POSIX_C_SOURCE 200809L
#include "core/bench_clock.h"

#include <stdlib.h>
#include <time.h>

static double us_on(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

double bench_now_us(void)
{
    return us_on(CLOCK_THREAD_CPUTIME_ID);
}

double bench_wall_us(void)
{
    return us_on(CLOCK_MONOTONIC);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}

BenchSpread bench_spread(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return (BenchSpread){v[n / 2], v[0], v[n - 1], n};
}
