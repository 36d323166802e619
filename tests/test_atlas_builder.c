/* The sprite atlas builder: accepts the project's gfx/, rejects broken sources with a message
 * naming the file and line. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[64];

static void write_text(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Runs the builder on dir's palette and sprite file; returns its exit status and stderr. */
static int build(const char *palette, const char *sprites, char *err, size_t err_size)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s/%s %s/out.png %s/out.json %s/%s 2>%s/err.txt", ATLAS_BUILDER,
             dir, palette, dir, dir, dir, sprites, dir);
    int status = system(cmd);
    char path[128];
    snprintf(path, sizeof path, "%s/err.txt", dir);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(err, 1, err_size - 1, f) : 0;
    err[n] = '\0';
    if (f)
        fclose(f);
    return WEXITSTATUS(status);
}

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/mk_atlas_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static void the_project_gfx_builds(void **state)
{
    (void)state;
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "%s %s/palette.txt %s/a.png %s/a.json %s/sprites/*.txt && test -s %s/a.png && "
             "grep -q '\"mouse_king\"' %s/a.json && grep -q '\"player_left\"' %s/a.json",
             ATLAS_BUILDER, GFX_DIR, dir, dir, GFX_DIR, dir, dir, dir);
    assert_int_equal(system(cmd), 0);
}

static const char *row16 = "aaaaaaaaaaaaaaaa\n";

static char *sprite_text(const char *name, int rows, const char *bad_row)
{
    static char buf[2048];
    int n = snprintf(buf, sizeof buf, "# test sprite\nsprite %s\n", name);
    for (int i = 0; i < rows; i++)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", i == 3 && bad_row ? bad_row : row16);
    return buf;
}

static void broken_sources_are_named(void **state)
{
    (void)state;
    char err[1024];
    write_text("pal.txt", "# palette\na #102030 dark\n");

    write_text("short.txt", sprite_text("floor", 15, NULL));
    assert_int_equal(build("pal.txt", "short.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "short.txt:"));
    assert_non_null(strstr(err, "ends after 15 of 16 rows"));

    write_text("colour.txt", sprite_text("floor", 16, "aaaaZaaaaaaaaaaa\n"));
    assert_int_equal(build("pal.txt", "colour.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "colour.txt:6:"));
    assert_non_null(strstr(err, "'Z'"));

    write_text("wide.txt", sprite_text("floor", 16, "aaaaaaaaaaaaaaaaa\n"));
    assert_int_equal(build("pal.txt", "wide.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "17 characters"));

    write_text("bad_pal.txt", "a 102030 no hash\n");
    assert_int_equal(build("bad_pal.txt", "wide.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "bad_pal.txt:1:"));

    /* Well formed, but the game's sprites are missing. */
    write_text("lonely.txt", sprite_text("floor", 16, NULL));
    assert_int_equal(build("pal.txt", "lonely.txt", err, sizeof err), 1);
    assert_non_null(strstr(err, "the game needs sprite"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_project_gfx_builds),
        cmocka_unit_test(broken_sources_are_named),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
