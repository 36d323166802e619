/* F12's file names sort in the order the shots were taken (ui/shot_name.c): the milliseconds
 * come from the same reading of the clock as the seconds (they were the milliseconds since the
 * game started, modulo 1000, which have nothing to do with the wall clock's second, so a shot
 * later in the same second could get a smaller name), fields have a fixed width, and a name
 * taken moves on, never back. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_dir.h"
#include "ui/shot_name.h"

static struct timespec at(time_t sec, long ms)
{
    struct timespec t = {.tv_sec = sec, .tv_nsec = ms * 1000000L};
    return t;
}

static void touch(const char *path)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fclose(f);
}

static void names_sort_in_the_order_taken(void **state)
{
    (void)state;
    char dir[256];
    setenv("TZ", "UTC", 1); /* no change of the clocks within the moments below */
    tzset();
    assert_true(test_dir_create(dir, sizeof dir, "shot"));
    /* Moments in order across seconds, minutes and a day, with small and large milliseconds. */
    static const struct {
        time_t sec;
        long ms;
    } moments[] = {{1764300000, 7},   {1764300000, 998}, {1764300001, 0}, {1764300001, 5},
                   {1764300001, 999}, {1764300059, 10},  {1764300060, 9}, {1764300600, 100},
                   {1764386399, 999}, {1764386400, 0},   {1764386400, 1}};
    enum { N = sizeof moments / sizeof *moments };
    char names[N + 3][1300];
    for (int i = 0; i < N; i++) {
        assert_true(shot_name(dir, at(moments[i].sec, moments[i].ms), names[i], sizeof names[i]));
        touch(names[i]);
        if (i > 0 && strcmp(names[i - 1], names[i]) >= 0)
            fail_msg("%s sorts before %s", names[i], names[i - 1]);
    }
    assert_non_null(strstr(names[0], "-007.png")); /* zero-padded */
    /* Three shots in one millisecond (the last one's): each name new and later. */
    for (int i = N; i < N + 3; i++) {
        assert_true(shot_name(dir, at(1764386400, 1), names[i], sizeof names[i]));
        touch(names[i]);
        if (strcmp(names[i - 1], names[i]) >= 0)
            fail_msg("%s sorts before %s", names[i], names[i - 1]);
    }
    test_dir_delete(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_sort_in_the_order_taken),
    };
    return RUN_TESTS(tests);
}
