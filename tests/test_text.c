/* Word wrap (ui/text.c, text_wrap): where lines break, measured by the glyph advances alone,
 * so a long message such as "Not saved: <path>: <reason>" is shown whole on a few lines. */
#include "test_support.h"

#include <string.h>

#include "ui/text.h"

/* A font of 6-pixel glyphs, without a texture: wrapping needs only the advances. */
static Text fixed_font(void)
{
    Text t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < TEXT_GLYPHS; i++)
        t.advance[i] = 6;
    t.line_height = 10;
    return t;
}

/* The lines text_wrap makes of s at w pixels, joined by '|'. */
static void wrap_all(const Text *t, const char *s, int w, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    while (*s) {
        const char *next;
        int n = text_wrap(t, s, w, &next);
        assert_true(n > 0);
        assert_true(used + (size_t)n + 2 < size);
        if (used)
            out[used++] = '|';
        memcpy(out + used, s, (size_t)n);
        used += (size_t)n;
        out[used] = '\0';
        s = next;
    }
}

static void lines_break_after_the_last_whole_word_that_fits(void **state)
{
    (void)state;
    Text t = fixed_font();
    char out[256];
    wrap_all(&t, "Not saved: the disk is full", 60, out, sizeof out); /* 10 characters */
    assert_string_equal(out, "Not saved:|the disk|is full");
    assert_int_equal(text_wrap_count(&t, "Not saved: the disk is full", 60), 3);
    wrap_all(&t, "fits on one", 66, out, sizeof out); /* exactly 11 characters */
    assert_string_equal(out, "fits on one");
    assert_int_equal(text_wrap_count(&t, "", 60), 0);
}

/* A path has no spaces: it is cut where the line is full, and the reason after it follows. */
static void a_word_longer_than_the_line_is_cut(void **state)
{
    (void)state;
    Text t = fixed_font();
    char out[256];
    wrap_all(&t, "/home/someone/save.json: Permission denied", 60, out, sizeof out);
    assert_string_equal(out, "/home/some|one/save.j|son:|Permission|denied");
    /* Narrower than one glyph: still one character a line, and it ends. */
    wrap_all(&t, "ab c", 3, out, sizeof out);
    assert_string_equal(out, "a|b|c");
}

/* The toast at the 640-pixel view: the reason at the end of a long save error is on a line. */
static void a_long_save_error_fits_in_a_few_lines_of_the_view(void **state)
{
    (void)state;
    Text t = fixed_font();
    const char *msg = "Not saved: /root/.local/share/mouseking/Mouse King/save.json: cannot write "
                      "the new version (/root/.local/share/mouseking/Mouse King/save.json.tmp): "
                      "No space left on device";
    int w = 640 - 6, lines = text_wrap_count(&t, msg, w);
    assert_int_equal(lines, 2);
    const char *s = msg, *next = msg;
    for (int i = 0; i < lines; i++) {
        int n = text_wrap(&t, s, w, &next);
        assert_true(n * 6 <= w);
        if (i == lines - 1)
            assert_non_null(strstr(s, "No space left on device"));
        s = next;
    }
    assert_int_equal(*s, '\0');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_break_after_the_last_whole_word_that_fits),
        cmocka_unit_test(a_word_longer_than_the_line_is_cut),
        cmocka_unit_test(a_long_save_error_fits_in_a_few_lines_of_the_view),
    };
    return RUN_TESTS(tests);
}
