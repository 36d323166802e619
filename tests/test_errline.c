/* The one-line error helper (src/core/errline.c): what it keeps and what becomes '?'. Every
 * loader and the command line build their messages with it, so these cases cover them all. */
#include "test_support.h"

#include <stdio.h>
#include <string.h>

#include "core/errline.h"

static char out[64];

/* errline_vformat with "%s": the text quoted as a message would quote it. */
static const char *quote(size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    memset(out, 'X', sizeof out);
    errline_vformat(out, size, fmt, ap);
    va_end(ap);
    return out;
}

static void printable_utf8_is_kept(void **state)
{
    (void)state;
    static const char *const kept[] = {
        "Rabid Mouse",
        "K\xc3\xa4se",                  /* Käse */
        "\xe9\xbc\xa0",                 /* U+9F20, three bytes */
        "\xf0\x9f\x90\xad",             /* U+1F42D, four bytes */
        "\xc2\xa0\xdf\xbf\xef\xbf\xbd", /* U+00A0, U+07FF, U+FFFD */
        "\xf4\x8f\xbf\xbf",             /* U+10FFFF, the last one */
    };
    for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
        assert_string_equal(quote(sizeof out, "%s", kept[i]), kept[i]);
}

static void controls_and_bad_bytes_become_question_marks(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"\x1b[31mX", "?[31mX"}, /* an escape sequence */
        {"a\nb\tc\rd\x7f", "a?b?c?d?"},
        {"\xc2\x9b"
         "31m",
         "??31m"}, /* U+009B: the 8-bit CSI */
        {"\x9b"
         "31m",
         "?31m"}, /* a lone continuation byte */
        {"\xff\xfe", "??"},
        {"\xc3", "?"}, /* cut short by the end */
        {"\xe9\xbc"
         "A",
         "??A"},                      /* cut short by an ASCII byte */
        {"\xc0\xaf", "??"},           /* overlong '/' */
        {"\xe0\x80\xaf", "???"},      /* overlong, three bytes */
        {"\xf0\x80\x80\xaf", "????"}, /* overlong, four bytes */
        {"\xed\xa0\x80", "???"},      /* a surrogate, U+D800 */
        {"\xf4\x90\x80\x80", "????"}, /* past U+10FFFF */
        {"\xf5\x80\x80\x80", "????"},
        {"ok\xe2\x82\xac\xe2\x82", "ok\xe2\x82\xac??"}, /* a good euro sign, then a cut one */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = quote(sizeof out, "%s", cases[i][0]);
        if (strcmp(got, cases[i][1]) != 0)
            fail_msg("case %zu: got \"%s\"", i, got);
    }
}

/* A bidirectional control in a quoted name could make the rest of the line read backwards
 * ("Trojan Source"); a line separator breaks the line. Each becomes '?'s, as a control does;
 * the characters beside them are kept. */
static void bidi_controls_and_separators_become_question_marks(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"a\xe2\x80\xae"
         "b",
         "a???b"}, /* U+202E right-to-left override */
        {"\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad", "????????????"},       /* U+202A..D */
        {"\xe2\x81\xa6x\xe2\x81\xa7x\xe2\x81\xa8x\xe2\x81\xa9", "???x???x???x???"}, /* isolates */
        {"\xe2\x80\x8e\xe2\x80\x8f", "??????"}, /* U+200E, U+200F marks */
        {"\xd8\x9c", "??"},                     /* U+061C Arabic letter mark */
        {"a\xe2\x80\xa8"
         "b\xe2\x80\xa9",
         "a???b???"}, /* U+2028, U+2029 */
        /* their neighbours are printable */
        {"\xe2\x80\x8d\xe2\x80\x90\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa",
         "\xe2\x80\x8d\xe2\x80\x90\xe2\x80\xa7\xe2\x80\xaf\xe2\x81\xa5\xe2\x81\xaa"},
        {"\xd8\x9b\xd8\x9d", "\xd8\x9b\xd8\x9d"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_string_equal(quote(sizeof out, "%s", cases[i][0]), cases[i][1]);
}

static void a_character_cut_by_the_buffer_becomes_a_question_mark(void **state)
{
    (void)state;
    /* "ab" and the first two of the euro sign's three bytes fit in 5 bytes with the NUL. */
    assert_string_equal(quote(5, "ab%s", "\xe2\x82\xac"), "ab??");
    assert_int_equal(out[4], '\0');
    assert_string_equal(quote(6, "ab%s", "\xe2\x82\xac"), "ab\xe2\x82\xac");
    quote(0, "%s", "nothing"); /* size 0 writes nothing */
    assert_int_equal(out[0], 'X');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(printable_utf8_is_kept),
        cmocka_unit_test(controls_and_bad_bytes_become_question_marks),
        cmocka_unit_test(a_character_cut_by_the_buffer_becomes_a_question_mark),
        cmocka_unit_test(bidi_controls_and_separators_become_question_marks),
    };
    return RUN_TESTS(tests);
}
