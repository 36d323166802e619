/* Word wrap (ui/text.c, text_wrap): where lines break, measured by the glyph advances alone,
 * so a long message such as "Not saved: <path>: <reason>" is shown whole on a few lines. The
 * glyph caches of the interface scales (docs/RULES.md R-UI-1, R-UI-2): the scale grows with
 * the window in steps of at most 25%, text never shrinks as the window grows, and the text
 * drawn at a scale stays in the rectangle measured at 1x. */
#include "test_support.h"

#include <SDL_ttf.h>
#include <string.h>

#include "core/map.h"
#include "ui/layout.h"
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

/* The real font's caches on a software renderer over a surface of w x h. */
typedef struct Canvas {
    SDL_Surface *surface;
    SDL_Renderer *r;
    Text text;
} Canvas;

static Canvas *canvas_open(int w, int h)
{
    static Canvas c;
    memset(&c, 0, sizeof c);
    c.surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGB888);
    assert_non_null(c.surface);
    c.r = SDL_CreateSoftwareRenderer(c.surface);
    assert_non_null(c.r);
    char err[512];
    if (!text_load(&c.text, c.r, FONT_FILE, LAYOUT_FONT_POINTS, err, sizeof err))
        fail_msg("%s", err);
    return &c;
}

static void canvas_close(Canvas *c)
{
    text_free(&c->text);
    SDL_DestroyRenderer(c->r);
    SDL_FreeSurface(c->surface);
}

/* The text cell (the widest advance and the line) of a scale, in physical pixels. */
static void cell_of(const Text *t, int quarters, int *w, int *h)
{
    int block;
    const TextLevel *level = text_level_for(t, quarters, 1, &block);
    *w = 0;
    for (int i = 0; i < TEXT_GLYPHS; i++)
        if (level->advance[i] * block > *w)
            *w = level->advance[i] * block;
    *h = level->line_height * block;
}

/* R-UI-2: each cache's glyphs are no wider and its lines no taller than the 1x ones times its
 * scale, and each cache's cell is at least the one below. */
static void each_scale_has_a_cache_that_fits_the_1x_cell(void **state)
{
    (void)state;
    Canvas *c = canvas_open(64, 64);
    int last_w = 0, last_h = 0;
    for (int i = 0; i < TEXT_LEVELS; i++) {
        const TextLevel *level = &c->text.levels[i];
        int q = TEXT_LEVEL_QUARTERS[i];
        assert_non_null(level->texture);
        assert_int_equal(level->quarters, q);
        if (i > 0) /* no step over 25% */
            assert_true(q * 4 <= TEXT_LEVEL_QUARTERS[i - 1] * 5);
        for (int g = 0; g < TEXT_GLYPHS; g++)
            if (level->advance[g] * 4 > c->text.advance[g] * q)
                fail_msg("scale %d/4: '%c' advances %d, more than %d/4 of %d", q,
                         g + TEXT_FIRST_GLYPH, level->advance[g], q, c->text.advance[g]);
        assert_true(level->line_height * 4 <= c->text.line_height * q);
        int w, h;
        cell_of(&c->text, q, &w, &h);
        assert_true(w >= last_w && h >= last_h);
        assert_true(h > last_h); /* every step is a larger text */
        last_w = w;
        last_h = h;
    }
    canvas_close(c);
}

/* R-UI-2: at 1.25 the text is drawn at its place times the scale, every lit pixel inside the
 * rectangle its 1x width and line give, glyphs evenly spaced. */
static void text_between_whole_scales_stays_in_its_rectangle(void **state)
{
    (void)state;
    Canvas *c = canvas_open(400, 60);
    SDL_RenderSetScale(c->r, 1.25f, 1.25f);
    const char *s = "MMMMMMMMMM Mouse King";
    int w = text_draw(&c->text, c->r, 8, 12, s, (SDL_Color){255, 255, 255, 255});
    assert_int_equal(w, text_width(&c->text, s));
    float rx, ry;
    SDL_RenderGetScale(c->r, &rx, &ry);
    assert_true(rx == 1.25f && ry == 1.25f); /* the render scale is given back */
    int lit = 0, left = 400, m_cols[400] = {0};
    for (int y = 0; y < 60; y++)
        for (int x = 0; x < 400; x++) {
            Uint32 p = ((const Uint32 *)c->surface->pixels)[y * c->surface->pitch / 4 + x];
            if ((p & 0xffffff) == 0)
                continue;
            lit++;
            left = x < left ? x : left;
            m_cols[x]++;
            if (x < 10 || y < 15 || x >= 10 + w * 5 / 4 || y >= 15 + c->text.line_height * 5 / 4)
                fail_msg("a pixel at (%d, %d), outside the text's rectangle", x, y);
        }
    assert_true(lit > 100);
    assert_true(left <= 11); /* at the place times 1.25, not at the place */
    /* Ten M's in a row: the same columns lit, one cache advance apart. */
    int block, adv = text_level_for(&c->text, 5, 1, &block)->advance['M' - TEXT_FIRST_GLYPH];
    for (int k = 1; k < 10; k++)
        for (int x = 0; x < adv; x++)
            assert_int_equal(m_cols[10 + x] > 0, m_cols[10 + k * adv + x] > 0);
    canvas_close(c);
}

/* R-UI-1: over sweeps of window sizes from 640x480 to 3840x2160, the scale and the text cell
 * never shrink, a change of scale is at most 25%, and the scale is within one step of all the
 * window allows (no dead band: the text keeps growing with the window). */
static void sweep(const Text *t, int w0, int h0, int w1, int h1)
{
    int last_q = 0, last_w = 0, last_h = 0;
    for (int k = 0; k <= 400; k++) {
        int w = w0 + (w1 - w0) * k / 400, h = h0 + (h1 - h0) * k / 400;
        int q = layout_quarters(w, h), cw, ch;
        cell_of(t, q, &cw, &ch);
        if (q < last_q || (last_q && q * 4 > last_q * 5))
            fail_msg("%dx%d: the scale goes from %d/4 to %d/4", w, h, last_q, q);
        if (cw < last_w || ch < last_h)
            fail_msg("%dx%d: the text cell shrinks to %dx%d", w, h, cw, ch);
        double allows = (double)w / LAYOUT_MIN_W < (double)h / LAYOUT_MIN_H
                            ? (double)w / LAYOUT_MIN_W
                            : (double)h / LAYOUT_MIN_H;
        /* The whole floor beside the sidebar and under the messages. */
        double beside = (double)(w - MAP_WIDTH * LAYOUT_OVERVIEW_TILE) / LAYOUT_SIDEBAR_W;
        double under = (double)(h - MAP_HEIGHT * LAYOUT_OVERVIEW_TILE) / LAYOUT_MESSAGES_H;
        allows = beside < allows ? beside : allows;
        allows = under < allows ? under : allows;
        if (q < 24 && q * 5 < allows * 16.0)
            fail_msg("%dx%d: the scale %d/4 is more than a step under %.2f", w, h, q, allows);
        last_q = q;
        last_w = cw;
        last_h = ch;
    }
}

static void the_scale_grows_with_the_window_in_small_steps(void **state)
{
    (void)state;
    Canvas *c = canvas_open(64, 64);
    sweep(&c->text, 640, 480, 3840, 2160);
    sweep(&c->text, 640, 480, 3840, 480);
    sweep(&c->text, 640, 480, 640, 2160);
    sweep(&c->text, 800, 600, 2880, 2160);
    sweep(&c->text, 1280, 480, 1280, 2160);
    sweep(&c->text, 640, 720, 3840, 720);
    /* The six sizes, each at least as large as the one before. */
    static const int six[][2] = {{640, 480},  {800, 600},   {1024, 768},
                                 {1280, 720}, {1920, 1080}, {2560, 1440}};
    int last_w = 0, last_h = 0;
    for (int i = 0; i < 6; i++) {
        int cw, ch;
        cell_of(&c->text, layout_quarters(six[i][0], six[i][1]), &cw, &ch);
        assert_true(cw >= last_w && ch >= last_h);
        last_w = cw;
        last_h = ch;
    }
    assert_int_equal(layout_quarters(1024, 768), 6); /* 1.5: larger than 800x600's 1 */
    canvas_close(c);
}

int main(void)
{
    if (SDL_Init(0) != 0 || TTF_Init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_scale_has_a_cache_that_fits_the_1x_cell),
        cmocka_unit_test(text_between_whole_scales_stays_in_its_rectangle),
        cmocka_unit_test(the_scale_grows_with_the_window_in_small_steps),
        cmocka_unit_test(lines_break_after_the_last_whole_word_that_fits),
        cmocka_unit_test(a_word_longer_than_the_line_is_cut),
        cmocka_unit_test(a_long_save_error_fits_in_a_few_lines_of_the_view),
    };
    return RUN_TESTS(tests);
}
