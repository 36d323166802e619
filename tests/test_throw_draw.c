/* The line of a throw being aimed, as the view draws it (ui/view.h ViewMarks.throw_line): a
 * dot in the throw's colour on each cell up to where it comes down, the landing cell framed,
 * red dots past it. On SDL's software renderer, off-screen. */
#include "test_support.h"

#include "game_fixture.h"
#include "test_screen.h"
#include "ui/palette.h"
#include "ui/view.h"

static SDL_Color pixel(SDL_Surface *s, int x, int y)
{
    Uint32 v = ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
    SDL_Color c;
    SDL_GetRGB(v, s->format, &c.r, &c.g, &c.b);
    c.a = 255;
    return c;
}

static void same_colour(SDL_Color got, SDL_Color want, const char *what)
{
    if (got.r != want.r || got.g != want.g || got.b != want.b)
        fail_msg("%s: %d,%d,%d, not %d,%d,%d", what, got.r, got.g, got.b, want.r, want.g, want.b);
}

/* The physical rectangle of map cell (x, y), as the view placed it. */
static SDL_Rect cell_px(const View *v, int x, int y)
{
    const PlayLayout *l = &v->layout;
    return (SDL_Rect){l->cells_px.x + (x - v->camera.x) * l->tile,
                      l->cells_px.y + (y - v->camera.y) * l->tile, l->tile, l->tile};
}

static void the_line_is_red_past_where_it_comes_down(void **state)
{
    (void)state;
    static const char *const rows[] = {"####################", "#..................#",
                                       "#....@.............#", "#..................#",
                                       "####################", NULL};
    Screen *s = screen_make(1280, 720);
    Game *g = fixture_game(1, 1, rows);
    View view = {.renderer = s->r,
                 .atlas = &s->atlas,
                 .text = &s->text,
                 .out_w = s->w,
                 .out_h = s->h,
                 .zoom = ZOOM_CLOSE,
                 .follow_x = -1,
                 .follow_y = -1};
    ThrowLine line;
    game_throw_line(g, 5 + 9, 2, &line); /* 9 cells east: the range is 6 */
    assert_int_equal(line.count, 9);
    assert_int_equal(line.land, THROW_RANGE - 1);
    ViewMarks marks = {-1, -1, NULL, 0, NULL, false, &line, NULL};
    view_draw_play(&view, g, &marks);
    for (int i = 0; i < line.count; i++) {
        SDL_Rect c = cell_px(&view, line.x[i], line.y[i]);
        char what[48];
        snprintf(what, sizeof what, "cell %d of the line", i);
        if (i == line.land) /* framed: the frame's edge, the cell's middle left as it is */
            same_colour(pixel(s->surface, c.x, c.y + c.h / 2), UI_THROW, what);
        else
            same_colour(pixel(s->surface, c.x + c.w / 2, c.y + c.h / 2),
                        i < line.land ? UI_THROW : UI_THROW_BLOCKED, what);
    }
    fixture_free(g);
    screen_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_line_is_red_past_where_it_comes_down),
    };
    return RUN_TESTS(tests);
}
