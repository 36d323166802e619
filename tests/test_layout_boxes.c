/* What is drawn over the map keeps off what it is about (docs/RULES.md R-UI-3, R-UI-4): the
 * description box (the pointer's and the look cursor's) never covers the cell it describes or
 * the player, at the six window sizes of the issue, in the whole-floor and the close views,
 * with the player in the middle and near each edge; the replay's status bar has the map's foot
 * to itself. On SDL's software renderer, off-screen. */
#include "test_support.h"

#include <SDL_ttf.h>

#include "game_fixture.h"
#include "test_screen.h"
#include "ui/hud.h"
#include "ui/layout.h"
#include "ui/view.h"

static Screen *screen_open(int w, int h)
{
    return screen_make(w, h);
}

static bool overlap(SDL_Rect a, SDL_Rect b)
{
    return a.w > 0 && b.w > 0 && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h &&
           b.y < a.y + a.h;
}

static bool inside(SDL_Rect in, SDL_Rect out)
{
    return in.x >= out.x && in.y >= out.y && in.x + in.w <= out.x + out.w &&
           in.y + in.h <= out.y + out.h;
}

/* A hall as large as the floor, the player at (px, py), a few things to describe. */
static Game *hall_game(int px, int py)
{
    static char rows[MAP_HEIGHT][MAP_WIDTH + 1];
    static const char *lines[MAP_HEIGHT + 1];
    for (int y = 0; y < MAP_HEIGHT; y++) {
        for (int x = 0; x < MAP_WIDTH; x++)
            rows[y][x] = x == 0 || y == 0 || x == MAP_WIDTH - 1 || y == MAP_HEIGHT - 1 ? '#' : '.';
        rows[y][MAP_WIDTH] = '\0';
        lines[y] = rows[y];
    }
    rows[py][px] = '@';
    rows[py][px + (px < MAP_WIDTH / 2 ? 2 : -2)] = 'm';
    rows[py + (py < MAP_HEIGHT / 2 ? 1 : -1)][px] = '!';
    lines[MAP_HEIGHT] = NULL;
    return fixture_game(1, 3, lines);
}

/* Every cell on screen described in look mode (so unknown cells too): the box is inside the
 * map and covers neither that cell nor the player. Returns how many were tried. */
static int describe_every_cell(View *view, const Game *g, const char *where)
{
    int tried = 0;
    SDL_Rect player = view_cell_rect(view, g->player->x, g->player->y);
    assert_true(player.w > 0); /* the camera keeps the player on screen */
    for (int y = view->camera.y; y < view->camera.y + view->layout.rows; y++)
        for (int x = view->camera.x; x < view->camera.x + view->layout.cols; x++) {
            ViewMarks marks = {x, y, NULL, 0, NULL, true, NULL, NULL};
            CellText ct;
            SDL_Rect box, cell = view_cell_rect(view, x, y);
            assert_true(view_description(view, g, &marks, 0, &ct, &box));
            if (overlap(box, cell) || overlap(box, player) || !inside(box, view->layout.map))
                fail_msg("%s: the box %d,%d %dx%d over cell %d,%d (%d,%d %dx%d) or the player "
                         "(%d,%d %dx%d)",
                         where, box.x, box.y, box.w, box.h, x, y, cell.x, cell.y, cell.w, cell.h,
                         player.x, player.y, player.w, player.h);
            tried++;
        }
    return tried;
}

static void the_description_covers_neither_its_cell_nor_the_player(void **state)
{
    (void)state;
    static const int at[][2] = {{40, 25}, {3, 3}, {76, 46}, {3, 46}, {76, 3}, {40, 2}, {40, 47}};
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        for (int p = 0; p < (int)(sizeof at / sizeof at[0]); p++) {
            Game *g = hall_game(at[p][0], at[p][1]);
            for (Zoom z = ZOOM_FLOOR; z <= ZOOM_CLOSE; z++) {
                View view = {.renderer = s->r,
                             .atlas = &s->atlas,
                             .text = &s->text,
                             .out_w = s->w,
                             .out_h = s->h,
                             .zoom = z,
                             .follow_x = -1,
                             .follow_y = -1};
                view_place(&view, g);
                char where[64];
                snprintf(where, sizeof where, "%dx%d, player at %d,%d, zoom %d", s->w, s->h,
                         at[p][0], at[p][1], (int)z);
                assert_true(describe_every_cell(&view, g, where) >= 200);
            }
            fixture_free(g);
        }
        screen_close(s);
    }
}

/* The box the frame draws is the one view_description places. */
static void the_frame_draws_the_box_where_it_was_placed(void **state)
{
    (void)state;
    Screen *s = screen_open(1280, 720);
    s->text.record = &s->record;
    Game *g = hall_game(40, 25);
    View view = {.renderer = s->r,
                 .atlas = &s->atlas,
                 .text = &s->text,
                 .out_w = s->w,
                 .out_h = s->h,
                 .zoom = ZOOM_CLOSE,
                 .follow_x = -1,
                 .follow_y = -1};
    view_place(&view, g);
    ViewMarks marks = {g->player->x, g->player->y - 1, NULL, 0, NULL, true, NULL, NULL};
    CellText ct;
    SDL_Rect box;
    assert_true(view_description(&view, g, &marks, 0, &ct, &box));
    s->record.count = 0;
    view_draw_play(&view, g, &marks);
    SDL_Rect drawn = {0, 0, 0, 0};
    for (int i = 0; i < s->record.count; i++)
        if (s->record.items[i].panel)
            drawn = s->record.items[i].rect;
    assert_memory_equal(&drawn, &box, sizeof box);
    fixture_free(g);
    screen_close(s);
}

/* R-UI-4: the foot kept for the replay's bar is under the map and its cells. */
static void the_replay_bar_has_the_maps_foot(void **state)
{
    (void)state;
    for (int i = 0; i < SIZE_COUNT; i++) {
        Screen *s = screen_open(SIZES[i][0], SIZES[i][1]);
        for (Zoom z = ZOOM_FLOOR; z < ZOOM_COUNT; z++) {
            PlayLayout l = layout_play(s->w, s->h, &s->text, z, MAP_WIDTH, MAP_HEIGHT);
            int foot = 2 * s->text.line_height + 14;
            layout_keep_foot(&l, foot, s->w, s->h, z, MAP_WIDTH, MAP_HEIGHT);
            assert_int_equal(l.foot.h, foot);
            assert_int_equal(l.foot.y + l.foot.h, l.height);
            assert_false(overlap(l.foot, l.map));
            assert_true(inside(l.foot, (SDL_Rect){0, 0, l.width, l.height}));
            float top = (float)l.foot.y * l.scale;
            assert_true((float)(l.cells_px.y + l.cells_px.h) <= top);
            assert_true((float)(l.map_px.y + l.map_px.h) <= top + 1.0f);
        }
        screen_close(s);
    }
}

int main(void)
{
    if (SDL_Init(0) != 0 || TTF_Init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_description_covers_neither_its_cell_nor_the_player),
        cmocka_unit_test(the_frame_draws_the_box_where_it_was_placed),
        cmocka_unit_test(the_replay_bar_has_the_maps_foot),
    };
    return RUN_TESTS(tests);
}
