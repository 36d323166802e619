/* The shrinking of a 16-pixel sprite to its 8 and 12 pixel overview tiles (shrink in
 * src/tools/atlas_sources.c, docs/RULES.md R-MINIMAP-4): a mini pixel less than half covered
 * stays transparent, one half covered or more takes the sprite's colour nearest to the average
 * of what covers it, a colour the averaging lost (an eye) is put back on the pixel it covers
 * most, and a tile drawn by hand is left alone. */
#include "test_support.h"

#include <string.h>

#include "tools/atlas_builder.h"

static Palette palette(void)
{
    Palette pal;
    memset(&pal, 0, sizeof pal);
    const struct {
        char c;
        Uint8 r, g, b;
    } COLOURS[] = {{'a', 200, 40, 40}, {'e', 250, 250, 250}, {'b', 20, 20, 200}, {'r', 255, 0, 0}};
    for (size_t i = 0; i < sizeof COLOURS / sizeof *COLOURS; i++) {
        unsigned char c = (unsigned char)COLOURS[i].c;
        pal.rgb[c][0] = COLOURS[i].r;
        pal.rgb[c][1] = COLOURS[i].g;
        pal.rgb[c][2] = COLOURS[i].b;
        pal.defined[c] = true;
    }
    return pal;
}

static void fill(Pixmap *p, int x0, int y0, int w, int h, char c)
{
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            p->px[y][x] = (unsigned char)c;
}

static int count_of(const Pixmap *p, int m, char c)
{
    int n = 0;
    for (int y = 0; y < mini_sizes[m]; y++)
        for (int x = 0; x < mini_sizes[m]; x++)
            n += p->mini[m][y][x] == (unsigned char)c;
    return n;
}

static int mini_of(int size)
{
    return mini_sizes[0] == size ? 0 : 1;
}

/* A single pixel of its own colour is lost by the averaging and put back where it lies. */
static void a_lost_colour_is_put_back(void **state)
{
    (void)state;
    Palette pal = palette();
    static Pixmap p;
    memset(&p, 0, sizeof p);
    fill(&p, 0, 0, SPRITE_SIZE, SPRITE_SIZE, 'a');
    p.px[5][5] = 'e';
    for (int m = 0; m < MINI_COUNT; m++) {
        shrink(&pal, &p, m);
        assert_int_equal(count_of(&p, m, 'e'), 1);
        assert_int_equal(count_of(&p, m, 'a'), mini_sizes[m] * mini_sizes[m] - 1);
    }
    int m8 = mini_of(8);
    assert_int_equal(p.mini[m8][2][2], 'e'); /* source pixel 5 lies in mini pixel 2 of 8 */
}

/* At 8 pixels each mini pixel is 2 x 2 source pixels: one opaque of four stays transparent,
 * two take the colour. */
static void less_than_half_covered_stays_transparent(void **state)
{
    (void)state;
    Palette pal = palette();
    static Pixmap p;
    memset(&p, 0, sizeof p);
    fill(&p, 0, 0, SPRITE_SIZE, SPRITE_SIZE, '.');
    fill(&p, 0, 8, SPRITE_SIZE, 8, 'a'); /* the lower half: plenty of 'a' shown */
    p.px[0][0] = 'a';                    /* a quarter of mini pixel (0, 0) */
    fill(&p, 4, 0, 2, 1, 'a');           /* half of mini pixel (2, 0) */
    int m = mini_of(8);
    shrink(&pal, &p, m);
    assert_int_equal(p.mini[m][0][0], '.');
    assert_int_equal(p.mini[m][0][2], 'a');
    assert_int_equal(p.mini[m][0][1], '.');
    assert_int_equal(p.mini[m][7][7], 'a');
}

/* Three red quarters and a blue one average to a dark red: the mini pixel takes the sprite's
 * dark red 'a', the colour nearest to that average, though no 'a' lies under it. */
static void a_mixed_pixel_takes_the_nearest_colour(void **state)
{
    (void)state;
    Palette pal = palette();
    static Pixmap p;
    memset(&p, 0, sizeof p);
    fill(&p, 0, 0, 8, SPRITE_SIZE, 'a');
    fill(&p, 8, 0, 8, SPRITE_SIZE, 'b');
    fill(&p, 8, 8, 8, 8, 'r');
    fill(&p, 0, 0, 2, 2, 'r');
    p.px[1][1] = 'b';
    int m = mini_of(8);
    shrink(&pal, &p, m);
    assert_int_equal(p.mini[m][0][0], 'a');
    assert_int_equal(p.mini[m][0][7], 'b');
    assert_int_equal(p.mini[m][7][7], 'r');
    assert_int_equal(p.mini[m][7][0], 'a');
}

static void a_hand_drawn_tile_is_kept(void **state)
{
    (void)state;
    Palette pal = palette();
    static Pixmap p;
    memset(&p, 0, sizeof p);
    fill(&p, 0, 0, SPRITE_SIZE, SPRITE_SIZE, 'a');
    int m = mini_of(12);
    memset(p.mini[m], 'e', sizeof p.mini[m]);
    p.mini_drawn[m] = true;
    shrink(&pal, &p, m);
    assert_int_equal(count_of(&p, m, 'e'), 12 * 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_lost_colour_is_put_back),
        cmocka_unit_test(less_than_half_covered_stays_transparent),
        cmocka_unit_test(a_mixed_pixel_takes_the_nearest_colour),
        cmocka_unit_test(a_hand_drawn_tile_is_kept),
    };
    return RUN_TESTS(tests);
}
