/* mouseking autoplay (src/cli/autoplay_cmd.c) keeps the same memory however many games it
 * plays: it used to keep every game's result (about 1.5 KB a game, 1.5 GB for a million
 * one-turn games) until the totals line. The peak resident memory of this process
 * (/proc/self/status, VmHWM) after a run of 40,000 one-turn games on two threads must stay
 * within a few megabytes of its peak after 2,000. Not in the sanitizer build: its allocator
 * keeps freed memory aside (the quarantine), so its peak grows with every game played. */
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/autoplay_cmd.h"

#if defined(__SANITIZE_ADDRESS__)
#define MK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MK_ASAN 1
#endif
#endif

enum { SLACK_KB = 8 * 1024 };

/* The process's peak resident set so far, in kB; -1 when /proc cannot say. */
static long peak_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kb = strtol(line + 6, NULL, 10);
    if (f)
        fclose(f);
    return kb;
}

/* Plays `games` one-turn games from seed 1 on two threads, the JSON lines thrown away; the
 * totals line goes into `totals`. */
static void play(int games, char *totals, size_t size)
{
    CliOptions opt = {.command = CLI_AUTOPLAY,
                      .has_seed = true,
                      .seed = 1,
                      .games = games,
                      .max_turns = 1,
                      .jobs = 2};
    FILE *out = fopen("/dev/null", "w"), *diag = tmpfile();
    assert_non_null(out);
    assert_non_null(diag);
    assert_int_equal(autoplay_cmd_run(&opt, out, diag), 0);
    rewind(diag);
    assert_non_null(fgets(totals, (int)size, diag));
    fclose(out);
    fclose(diag);
}

static void autoplay_memory_does_not_grow_with_the_games(void **state)
{
    (void)state;
#ifdef MK_ASAN
    skip();
#endif
    char totals[512];
    play(2000, totals, sizeof totals);
    long after_few = peak_rss_kb();
    if (after_few < 0)
        skip(); /* no /proc: nothing to measure by */
    play(40000, totals, sizeof totals);
    long after_many = peak_rss_kb();
    assert_non_null(strstr(totals, "totals: 40000 games, 0 won (0.0%), 0 died, 40000 timed out"));
    fprintf(stderr, "peak resident: %ld kB after 2,000 games, %ld kB after 40,000 more\n",
            after_few, after_many);
    /* Only growth counts: the kernel updates these counters lazily (per-thread caches of the
     * resident count), so the second reading may come out a few pages under the first. */
    assert_true(after_many - after_few <= SLACK_KB);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(autoplay_memory_does_not_grow_with_the_games),
    };
    return RUN_TESTS(tests);
}
