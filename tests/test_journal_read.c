/* The recording reader's bounds (store/journal.h): at most JOURNAL_COMMANDS_MAX commands and
 * JOURNAL_FILE_MAX bytes, each refused with a line that says so; the file read a block at a
 * time, so a line longer than a block is still named, and a long torn last line is still only
 * a torn line; and a recording is read only as a regular file, never through a link. */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include "test_dir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen/gen.h"
#include "store/journal.h"
#include "test_rules.h"

/* The header of a recording of seed 1 with the test rules, and its '\n'. */
static void header(FILE *f)
{
    fprintf(f,
            "{\"mouseking_recording\":1,\"game\":\"0.1.0\",\"dungeon\":%d,\"rules\":\"%08x\","
            "\"seed\":1,\"date\":\"2026-11-22T10:00:00Z\"}\n",
            DUNGEON_VERSION, (unsigned)rules_hash(test_rules()));
}

/* A recording of `commands` waits, then `tail` (NULL: nothing). */
static void write_waits(const char *path, size_t commands, const char *tail)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    header(f);
    for (size_t i = 0; i < commands; i++)
        fputs("w\n", f);
    if (tail)
        fputs(tail, f);
    assert_int_equal(fclose(f), 0);
}

static void expect_refused(const char *path, const char *expect)
{
    Journal j;
    char err[600] = "";
    if (journal_read(path, test_rules(), &j, err, sizeof err))
        fail_msg("accepted, want \"%s\"", expect);
    if (!strstr(err, expect))
        fail_msg("'%s' does not say '%s'", err, expect);
    assert_null(j.cmds); /* nothing kept */
}

static void at_most_the_command_and_byte_limits_are_read(void **state)
{
    TestDir *d = *state;
    write_waits(d->file, JOURNAL_COMMANDS_MAX, NULL);
    Journal j;
    char err[600] = "";
    if (!journal_read(d->file, test_rules(), &j, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(j.count, JOURNAL_COMMANDS_MAX);
    journal_free(&j);
    write_waits(d->file, JOURNAL_COMMANDS_MAX + 1, NULL);
    char expect[120];
    snprintf(expect, sizeof expect, "line %d: more than %d commands", JOURNAL_COMMANDS_MAX + 2,
             JOURNAL_COMMANDS_MAX);
    expect_refused(d->file, expect);
    /* and a file over the byte limit is refused unread */
    write_waits(d->file, 3, NULL);
    assert_int_equal(truncate(d->file, (off_t)JOURNAL_FILE_MAX + 1), 0); /* sparse: zeros */
    snprintf(expect, sizeof expect, "%d bytes; a recording may have at most %d",
             JOURNAL_FILE_MAX + 1, JOURNAL_FILE_MAX);
    expect_refused(d->file, expect);
}

static void long_lines_are_damage_unless_last(void **state)
{
    TestDir *d = *state;
    /* a torn last line of 2 MB (a crash's block of zeros, say): left out */
    write_waits(d->file, 5, NULL);
    FILE *f = fopen(d->file, "ab");
    assert_non_null(f);
    long whole = ftell(f);
    for (int i = 0; i < 2 * 1024 * 1024; i++)
        fputc('z', f);
    fclose(f);
    Journal j;
    char err[600] = "";
    if (!journal_read(d->file, test_rules(), &j, err, sizeof err))
        fail_msg("%s", err);
    assert_true(j.torn);
    assert_int_equal(j.count, 5);
    assert_int_equal(j.good_bytes, (size_t)whole);
    assert_int_equal(j.lines, 6);
    journal_free(&j);
    /* the same lines ended by '\n', before more commands: refused naming the line, whether
     * it fits in a block of the reader or not */
    size_t sizes[] = {JOURNAL_TEXT_LINE_MAX + 1, 200 * 1024};
    for (size_t k = 0; k < 2; k++) {
        char *line = malloc(sizes[k] + 4);
        assert_non_null(line);
        memset(line, 'w', sizes[k]);
        strcpy(line + sizes[k], "\nw\n");
        write_waits(d->file, 5, line);
        char expect[120];
        snprintf(expect, sizeof expect, "line 7: %zu bytes long", sizes[k]);
        expect_refused(d->file, expect);
        free(line);
    }
}

/* A checksum's count is compared before it is taken for a repeated one. */
static void a_checksum_of_the_wrong_count_is_named_so(void **state)
{
    TestDir *d = *state;
    write_waits(d->file, 1, "# 1 0 0123456789abcdef\nw\n# 1 0 0123456789abcdef\n");
    expect_refused(d->file, "line 5: the checksum of command 1, but 2 commands come before it");
    write_waits(d->file, 1, "# 1 0 0123456789abcdef\n# 1 0 0123456789abcdef\n");
    expect_refused(d->file, "line 4: a second checksum of command 1");
}

static void a_link_or_a_fifo_is_not_read(void **state)
{
    TestDir *d = *state;
    write_waits(d->file, 5, NULL);
    char link_path[400], fifo_path[400];
    snprintf(link_path, sizeof link_path, "%s/link.mkrec", d->path);
    snprintf(fifo_path, sizeof fifo_path, "%s/fifo.mkrec", d->path);
    assert_int_equal(symlink(d->file, link_path), 0);
    expect_refused(link_path, "link.mkrec: is a symbolic link; recordings are not read");
    assert_int_equal(mkfifo(fifo_path, 0600), 0);
    expect_refused(fifo_path, "fifo.mkrec: not a regular file");
}

static int dir_setup(void **state)
{
    return test_dir_setup(state, "mk_journal_read", "rec.mkrec");
}

static int dir_teardown(void **state)
{
    return test_dir_teardown(state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(at_most_the_command_and_byte_limits_are_read, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(long_lines_are_damage_unless_last, dir_setup, dir_teardown),
        cmocka_unit_test_setup_teardown(a_checksum_of_the_wrong_count_is_named_so, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(a_link_or_a_fifo_is_not_read, dir_setup, dir_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
