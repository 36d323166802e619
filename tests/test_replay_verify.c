/* `mouseking replay --verify` on a recording of the catalog damaged in each way a disk, a
 * copy or a hand can damage it: the recording is refused naming the line where the damage is
 * first seen, and only a torn last line (no '\n') is left out and accepted
 * (docs/RECORDINGS.md, "whole"). */
#define _POSIX_C_SOURCE 200809L
#include "test_support.h"

#include "test_dir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/replay_cmd.h"
#include "store/journal.h"
#include "test_rules.h"

#define CATALOG_FILE REPLAY_DIR "/seed-25.mkrec"

typedef struct Text {
    char *s;
    size_t len;
} Text;

static Text catalog(void)
{
    FILE *f = fopen(CATALOG_FILE, "rb");
    assert_non_null(f);
    Text t = {malloc(1 << 20), 0};
    assert_non_null(t.s);
    t.len = fread(t.s, 1, (1 << 20) - 1, f);
    fclose(f);
    assert_true(t.len > 1000 && t.s[t.len - 1] == '\n');
    t.s[t.len] = '\0';
    return t;
}

/* Where line n (from 1) starts. */
static size_t line_start(const Text *t, size_t n)
{
    size_t at = 0;
    for (size_t line = 1; line < n; line++) {
        const char *nl = memchr(t->s + at, '\n', t->len - at);
        assert_non_null(nl);
        at = (size_t)(nl - t->s) + 1;
    }
    return at;
}

/* Replaces bytes [at, at + cut) by `add`. */
static Text edit(const Text *t, size_t at, size_t cut, const char *add, size_t add_len)
{
    Text out = {malloc(t->len + add_len + 1), 0};
    assert_non_null(out.s);
    memcpy(out.s, t->s, at);
    memcpy(out.s + at, add, add_len);
    memcpy(out.s + at + add_len, t->s + at + cut, t->len - at - cut);
    out.len = t->len - cut + add_len;
    out.s[out.len] = '\0';
    return out;
}

/* replay --verify of the text: its status, what it said on stdout and on stderr. */
static int verify(const TestDir *d, const Text *t, char *said, size_t said_size)
{
    FILE *f = fopen(d->file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(t->s, 1, t->len, f), t->len);
    fclose(f);
    char *out_text = NULL, *diag_text = NULL;
    size_t out_size = 0, diag_size = 0;
    FILE *out = open_memstream(&out_text, &out_size),
         *diag = open_memstream(&diag_text, &diag_size);
    int status = replay_cmd_verify(d->file, shipped_rules(), out, diag);
    fclose(out);
    fclose(diag);
    snprintf(said, said_size, "%s%s", out_text, diag_text);
    free(out_text);
    free(diag_text);
    return status;
}

/* Refused, naming line n. */
static void refused_at(const TestDir *d, Text t, size_t n)
{
    char said[2048], want[64];
    int status = verify(d, &t, said, sizeof said);
    snprintf(want, sizeof want, ".mkrec: line %zu: ", n);
    if (status != 1 || !strstr(said, want))
        fail_msg("status %d, want 1 and \"%s\": %s", status, want, said);
    free(t.s);
}

static void the_catalog_recording_verifies(void **state)
{
    Text t = catalog();
    char said[2048];
    assert_int_equal(verify(*state, &t, said, sizeof said), 0);
    assert_non_null(strstr(said, "checksums match"));
    assert_null(strstr(said, "torn"));
    free(t.s);
}

static void a_torn_last_line_is_left_out_and_accepted(void **state)
{
    Text t = catalog();
    char said[2048];
    size_t lines = 0;
    for (size_t i = 0; i < t.len; i++)
        lines += t.s[i] == '\n';
    char want[64];
    snprintf(want, sizeof want, "a torn last line was left out (line %zu)", lines + 1);
    Text torn = edit(&t, t.len, 0, "m 1", 3);
    assert_int_equal(verify(*state, &torn, said, sizeof said), 0);
    if (!strstr(said, want))
        fail_msg("want \"%s\": %s", want, said);
    free(torn.s);
    free(t.s);
}

/* A bit flipped in the header, in a command and in a checksum line. */
static void a_flipped_bit_is_refused_naming_its_line(void **state)
{
    Text t = catalog();
    /* the header's "seed" member name: the header is not the writer's */
    Text h = edit(&t, 0, 0, "", 0);
    h.s[strstr(h.s, "\"seed\"") - h.s + 2] ^= 0x01;
    refused_at(*state, h, 1);
    /* the date's 'T' to 'U': not a time the game writes */
    h = edit(&t, 0, 0, "", 0);
    h.s[strstr(h.s, "T") - h.s] ^= 0x01;
    refused_at(*state, h, 1);
    /* a byte of the seed: another game, out of step at the first checksum (line 14) */
    h = edit(&t, 0, 0, "", 0);
    h.s[strstr(h.s, "\"seed\":25") - h.s + 8] ^= 0x01;
    refused_at(*state, h, 14);
    /* "x" to "y" on line 12: not a command */
    size_t at = line_start(&t, 12);
    Text c = edit(&t, at, 0, "", 0);
    c.s[at] ^= 0x01;
    refused_at(*state, c, 12);
    /* a '\n' that joins two lines */
    at = line_start(&t, 300) - 1;
    c = edit(&t, at, 0, "", 0);
    c.s[at] ^= 0x20;
    refused_at(*state, c, 299);
    /* a checksum's hash digit, its turn, its count */
    char *check = strstr(t.s + line_start(&t, 400), "\n# ") + 1;
    size_t check_line = 400;
    for (const char *p = t.s + line_start(&t, 400); p < check; p++)
        check_line += *p == '\n';
    at = (size_t)(check - t.s);
    size_t hash_at = (size_t)(strchr(strchr(check + 2, ' ') + 1, ' ') + 1 - t.s);
    c = edit(&t, 0, 0, "", 0);
    c.s[hash_at] ^= c.s[hash_at] >= 'a' ? 0x02 : 0x01; /* another hex digit */
    refused_at(*state, c, check_line);
    c = edit(&t, 0, 0, "", 0);
    c.s[hash_at] = 'g'; /* not a hex digit */
    refused_at(*state, c, check_line);
    c = edit(&t, 0, 0, "", 0);
    c.s[at + 2] ^= 0x01;
    refused_at(*state, c, check_line);
    c = edit(&t, 0, 0, "", 0);
    c.s[hash_at - 2] ^= 0x01;
    refused_at(*state, c, check_line);
    free(t.s);
}

static void crlf_line_ends_are_refused_at_the_first_line(void **state)
{
    Text t = catalog();
    Text crlf = {malloc(t.len * 2 + 1), 0};
    assert_non_null(crlf.s);
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] == '\n')
            crlf.s[crlf.len++] = '\r';
        crlf.s[crlf.len++] = t.s[i];
    }
    char said[2048];
    assert_int_equal(verify(*state, &crlf, said, sizeof said), 1);
    assert_non_null(strstr(said, "line 1: ends in \\r\\n (CRLF)"));
    free(crlf.s);
    /* one CRLF in the middle */
    size_t at = line_start(&t, 1001) - 1;
    refused_at(*state, edit(&t, at, 0, "\r", 1), 1000);
    free(t.s);
}

static void a_duplicated_header_is_refused(void **state)
{
    Text t = catalog();
    size_t header = line_start(&t, 2);
    refused_at(*state, edit(&t, header, 0, t.s, header), 2);
    free(t.s);
}

static void an_inserted_line_is_refused_where_it_shows(void **state)
{
    Text t = catalog();
    /* a command written otherwise than the game writes it */
    size_t move = 13;
    while (strncmp(t.s + line_start(&t, move), "m 1 0\n", 6) != 0)
        move++;
    refused_at(*state, edit(&t, line_start(&t, move), 5, "m 01 0", 6), move);
    /* a line that is nothing */
    refused_at(*state, edit(&t, line_start(&t, 500), 0, "zz top\n", 7), 500);
    refused_at(*state, edit(&t, line_start(&t, 500), 0, "\n", 1), 500);
    /* a command: the game it makes is another one, and the count of the next checksum line
     * is one short */
    size_t at = line_start(&t, 500);
    size_t next_check = 500;
    for (const char *p = t.s + at; strncmp(p, "# ", 2) != 0; p = strchr(p, '\n') + 1)
        next_check++;
    refused_at(*state, edit(&t, at, 0, "w\n", 2), next_check + 1);
    /* a checksum line again */
    size_t check_at = line_start(&t, next_check);
    size_t check_len = line_start(&t, next_check + 1) - check_at;
    refused_at(*state, edit(&t, check_at + check_len, 0, t.s + check_at, check_len),
               next_check + 1);
    /* commands after the last checksum: nothing checks them */
    size_t lines = 0;
    for (size_t i = 0; i < t.len; i++)
        lines += t.s[i] == '\n';
    refused_at(*state, edit(&t, t.len, 0, "w\nw\n", 4), lines + 1);
    free(t.s);
}

static void a_cut_in_the_middle_is_refused(void **state)
{
    Text t = catalog();
    /* from the middle of a line near 700 to the middle of one near 800 ("t " + " 42 24") */
    size_t first = 700, last = 800;
    while (t.s[line_start(&t, first) + 1] != ' ')
        first++;
    while (t.s[line_start(&t, last) + 1] != ' ')
        last++;
    size_t from = line_start(&t, first) + 2, to = line_start(&t, last) + 1;
    refused_at(*state, edit(&t, from, to - from, "", 0), first);
    /* whole lines 700..799: the next checksum counts commands that are not there */
    from = line_start(&t, 700);
    to = line_start(&t, 800);
    size_t next_check = 800;
    for (const char *p = t.s + to; strncmp(p, "# ", 2) != 0; p = strchr(p, '\n') + 1)
        next_check++;
    refused_at(*state, edit(&t, from, to - from, "", 0), next_check - 100);
    /* a checksum line alone (the one after command 64): the line after it is a command */
    size_t check = (size_t)(strstr(t.s, "\n# 64 ") + 1 - t.s);
    size_t check_line = 1;
    for (size_t i = 0; i < check; i++)
        check_line += t.s[i] == '\n';
    size_t len = (size_t)(strchr(t.s + check, '\n') + 1 - (t.s + check));
    refused_at(*state, edit(&t, check, len, "", 0), check_line);
    free(t.s);
}

static int dir_setup(void **state)
{
    return test_dir_setup(state, "mk_verify", "seed-25.mkrec");
}

static int dir_teardown(void **state)
{
    return test_dir_teardown(state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_catalog_recording_verifies, dir_setup, dir_teardown),
        cmocka_unit_test_setup_teardown(a_torn_last_line_is_left_out_and_accepted, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(a_flipped_bit_is_refused_naming_its_line, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(crlf_line_ends_are_refused_at_the_first_line, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(a_duplicated_header_is_refused, dir_setup, dir_teardown),
        cmocka_unit_test_setup_teardown(an_inserted_line_is_refused_where_it_shows, dir_setup,
                                        dir_teardown),
        cmocka_unit_test_setup_teardown(a_cut_in_the_middle_is_refused, dir_setup, dir_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
