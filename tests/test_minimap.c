/* The minimap (src/ui/minimap.c, docs/RULES.md R-MINIMAP-1..3): a point of the minimap maps
 * to the cell drawn there and back, for any box (R-MINIMAP-2); drawn off-screen on SDL's
 * software renderer it shows the player where she is, the walls she has seen, black where she
 * has not, the stairs, the mice in view and the items in view or remembered (R-MINIMAP-1); the
 * sidebar's rows stop above it and count the rest, with the seed in its footer (R-MINIMAP-3).
 * Text and atlas as the game loads them. */
#include "test_support.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <string.h>

#include "game/memory.h"
#include "game/view_list.h"
#include "game_fixture.h"
#include "ui/layout.h"
#include "ui/minimap.h"
#include "ui/sidebar.h"

static const SDL_Rect BOXES[] = {
    {3, 500, 154, 96}, {6, 1000, 308, 192}, {9, 1500, 462, 288}, {0, 0, 80, 50},
    {5, 7, 101, 37},   {2, 2, 37, 20},      {1, 1, 240, 150},
};
enum { BOX_COUNT = sizeof BOXES / sizeof BOXES[0] };

static bool inside(SDL_Rect r, int x, int y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

/* Every pixel of the box maps to one cell, and that cell's rectangle holds the pixel. */
static void each_point_maps_to_the_cell_drawn_there(void **state)
{
    (void)state;
    for (int b = 0; b < BOX_COUNT; b++) {
        SDL_Rect box = BOXES[b];
        for (int py = box.y; py < box.y + box.h; py++)
            for (int px = box.x; px < box.x + box.w; px++) {
                int cx = -1, cy = -1;
                assert_true(minimap_cell_at(box, MAP_WIDTH, MAP_HEIGHT, px, py, &cx, &cy));
                assert_true(cx >= 0 && cy >= 0 && cx < MAP_WIDTH && cy < MAP_HEIGHT);
                SDL_Rect r = minimap_cell_rect(box, MAP_WIDTH, MAP_HEIGHT, cx, cy);
                if (!inside(r, px, py))
                    fail_msg("box %d: (%d,%d) maps to cell (%d,%d) drawn at %d,%d %dx%d", b, px, py,
                             cx, cy, r.x, r.y, r.w, r.h);
            }
        int cx, cy;
        assert_false(minimap_cell_at(box, MAP_WIDTH, MAP_HEIGHT, box.x - 1, box.y, &cx, &cy));
        assert_false(minimap_cell_at(box, MAP_WIDTH, MAP_HEIGHT, box.x, box.y + box.h, &cx, &cy));
        assert_false(minimap_cell_at(box, MAP_WIDTH, MAP_HEIGHT, box.x + box.w, box.y, &cx, &cy));
        assert_false(minimap_cell_at(box, 0, MAP_HEIGHT, box.x, box.y, &cx, &cy));
    }
}

/* Every cell's pixels map back to it, and the cells tile the box: no gap, no overlap. */
static void each_cell_maps_back_from_its_pixels(void **state)
{
    (void)state;
    for (int b = 0; b < BOX_COUNT; b++) {
        SDL_Rect box = BOXES[b];
        long area = 0;
        for (int cy = 0; cy < MAP_HEIGHT; cy++)
            for (int cx = 0; cx < MAP_WIDTH; cx++) {
                SDL_Rect r = minimap_cell_rect(box, MAP_WIDTH, MAP_HEIGHT, cx, cy);
                area += (long)r.w * r.h;
                for (int y = r.y; y < r.y + r.h; y++)
                    for (int x = r.x; x < r.x + r.w; x++) {
                        int mx, my;
                        assert_true(minimap_cell_at(box, MAP_WIDTH, MAP_HEIGHT, x, y, &mx, &my));
                        assert_int_equal(mx, cx);
                        assert_int_equal(my, cy);
                    }
                if (box.w >= MAP_WIDTH && box.h >= MAP_HEIGHT)
                    assert_true(r.w >= 1 && r.h >= 1);
            }
        assert_int_equal(area, (long)box.w * box.h);
        SDL_Rect none = minimap_cell_rect(box, MAP_WIDTH, MAP_HEIGHT, MAP_WIDTH, 0);
        assert_int_equal(none.w * none.h, 0);
    }
}

static const char *const ROOM[] = {
    "##########", "#........#", "#..@..m..#", "#........#",
    "#.<...>..#", "#....!...#", "##########", NULL,
};

static SDL_Color read_px(SDL_Surface *s, int x, int y)
{
    Uint32 p = ((const Uint32 *)((const Uint8 *)s->pixels + (size_t)y * s->pitch))[x];
    SDL_Color c;
    SDL_GetRGBA(p, s->format, &c.r, &c.g, &c.b, &c.a);
    return c;
}

static void assert_colour(SDL_Surface *s, SDL_Rect box, int cx, int cy, SDL_Color want,
                          const char *what)
{
    SDL_Rect r = minimap_cell_rect(box, MAP_WIDTH, MAP_HEIGHT, cx, cy);
    SDL_Color c = read_px(s, r.x + r.w / 2, r.y + r.h / 2);
    if (c.r != want.r || c.g != want.g || c.b != want.b)
        fail_msg("%s at cell (%d,%d): #%02x%02x%02x, not #%02x%02x%02x", what, cx, cy, c.r, c.g,
                 c.b, want.r, want.g, want.b);
}

/* At 1x, 2x and 3x: the player's dot on her cell, a seen wall, black where nothing was seen,
 * both stairs, the mouse in view and the item. */
static void the_minimap_shows_what_the_player_knows(void **state)
{
    (void)state;
    Game *g = fixture_game(4242, 1, ROOM);
    for (int scale = 1; scale <= 3; scale++) {
        SDL_Rect logical = {3, 200, 154, 96};
        SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 480, 900, 32, SDL_PIXELFORMAT_RGB888);
        SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
        assert_non_null(r);
        SDL_SetRenderDrawColor(r, 40, 90, 40, 255); /* not a colour of the minimap */
        SDL_RenderClear(r);
        SDL_RenderSetScale(r, (float)scale, (float)scale);
        minimap_draw(r, g, logical, scale, (SDL_Rect){0, 0, MAP_WIDTH, MAP_HEIGHT});
        SDL_RenderPresent(r);
        float sx, sy;
        SDL_RenderGetScale(r, &sx, &sy);
        assert_true(sx == (float)scale && sy == (float)scale);
        SDL_Rect box = minimap_box_px(logical, scale);
        assert_colour(s, box, 3, 2, MINIMAP_PLAYER, "the player");
        assert_colour(s, box, 9, 1, MINIMAP_WALL_LIT, "a wall in view");
        assert_colour(s, box, 9, 6, MINIMAP_WALL_LIT, "a wall in view");
        assert_colour(s, box, 8, 3, MINIMAP_FLOOR_LIT, "a floor in view");
        assert_colour(s, box, 40, 30, MINIMAP_UNSEEN, "a cell never seen");
        assert_colour(s, box, 79, 49, MINIMAP_UNSEEN, "a cell never seen");
        assert_colour(s, box, 2, 4, MINIMAP_STAIRS_UP, "the stairs up");
        assert_colour(s, box, 6, 4, MINIMAP_STAIRS_DOWN, "the stairs down");
        assert_colour(s, box, 6, 2, MINIMAP_MOUSE, "the mouse in view");
        assert_colour(s, box, 5, 5, MINIMAP_ITEM, "the item in view");
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(s);
    }
    fixture_free(g);
}

/* A cell out of view but seen before stays drawn, dimmer; the click target is a seen cell. */
static void seen_cells_stay_and_only_they_are_targets(void **state)
{
    (void)state;
    Game *g = fixture_game(4242, 1, ROOM);
    Floor *f = game_floor(g);
    f->seen[30 * MAP_WIDTH + 40] = 1; /* a wall remembered far away */
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 200, 120, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    SDL_Rect logical = {3, 3, 160, 100};
    minimap_draw(r, g, logical, 1, (SDL_Rect){0, 0, 0, 0});
    SDL_RenderPresent(r);
    assert_colour(s, logical, 40, 30, MINIMAP_WALL, "a wall remembered");
    int cx = -1, cy = -1;
    SDL_Rect cell = minimap_cell_rect(logical, MAP_WIDTH, MAP_HEIGHT, 7, 3);
    assert_true(minimap_target(g, logical, 1, cell.x, cell.y, &cx, &cy));
    assert_int_equal(cx, 7);
    assert_int_equal(cy, 3);
    cell = minimap_cell_rect(logical, MAP_WIDTH, MAP_HEIGHT, 7, 3 + 2 * MAP_HEIGHT / 3);
    assert_false(minimap_target(g, logical, 1, cell.x, cell.y, &cx, &cy));
    /* At 2x the layout's logical box is twice as many physical pixels. */
    cell = minimap_cell_rect(minimap_box_px(logical, 2), MAP_WIDTH, MAP_HEIGHT, 5, 5);
    assert_true(minimap_target(g, logical, 2, cell.x + cell.w - 1, cell.y + cell.h - 1, &cx, &cy));
    assert_int_equal(cx, 5);
    assert_int_equal(cy, 5);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    fixture_free(g);
}

static const char *const CORNER[] = {
    "############", "#@.........#", "##*#####.###", "########.###", "########.#m#",
    "########.###", "########.###", "############", NULL,
};

/* The player walks round a corner: the item she passed is drawn where she saw it
 * (game_remembered_items), the row she walked is drawn as floor seen but out of view, and the
 * mouse walled in where she never saw it is not drawn. */
static void remembered_items_show_and_unseen_mice_do_not(void **state)
{
    (void)state;
    Game *g = fixture_game(4242, 1, CORNER);
    for (int i = 0; i < 7; i++)
        assert_true(fixture_do(g, command_move(1, 0)));
    for (int i = 0; i < 5; i++)
        assert_true(fixture_do(g, command_move(0, 1)));
    assert_int_equal(g->player->x, 8);
    assert_int_equal(g->player->y, 6);
    MemoryMark marks[8];
    int n = game_remembered_items(g, marks, 8);
    assert_int_equal(n, 1);
    assert_int_equal(marks[0].x, 2);
    assert_int_equal(marks[0].y, 2);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 400, 300, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    SDL_Rect logical = {4, 4, 308, 192};
    minimap_draw(r, g, logical, 1, (SDL_Rect){0, 0, 0, 0});
    SDL_RenderPresent(r);
    assert_colour(s, logical, 2, 2, MINIMAP_ITEM, "the item remembered");
    assert_colour(s, logical, 5, 1, MINIMAP_FLOOR, "a floor seen, out of view");
    assert_colour(s, logical, 8, 3, MINIMAP_FLOOR_LIT, "a floor in view");
    assert_colour(s, logical, 10, 4, MINIMAP_UNSEEN, "a mouse never seen");
    assert_colour(s, logical, 8, 6, MINIMAP_PLAYER, "the player");
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    fixture_free(g);
}

static int count_colour(SDL_Surface *s, SDL_Color want)
{
    int n = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            SDL_Color c = read_px(s, x, y);
            n += c.r == want.r && c.g == want.g && c.b == want.b;
        }
    return n;
}

/* The cells the close view shows are framed on the minimap; the whole floor is not. */
static void the_close_view_is_framed(void **state)
{
    (void)state;
    Game *g = fixture_game(4242, 1, ROOM);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 340, 220, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    SDL_Rect logical = {6, 6, 308, 192};
    minimap_draw(r, g, logical, 1, (SDL_Rect){20, 10, 30, 20});
    SDL_RenderPresent(r);
    SDL_Rect a = minimap_cell_rect(logical, MAP_WIDTH, MAP_HEIGHT, 20, 10);
    SDL_Rect b = minimap_cell_rect(logical, MAP_WIDTH, MAP_HEIGHT, 49, 29);
    SDL_Color c = read_px(s, a.x, a.y), d = read_px(s, b.x + b.w - 1, b.y + b.h - 1);
    SDL_Color in = read_px(s, a.x + a.w, a.y + a.h), out = read_px(s, b.x + b.w, b.y + b.h);
    assert_true(c.r == MINIMAP_SHOWN.r && c.g == MINIMAP_SHOWN.g && c.b == MINIMAP_SHOWN.b);
    assert_true(d.r == MINIMAP_SHOWN.r && d.g == MINIMAP_SHOWN.g && d.b == MINIMAP_SHOWN.b);
    assert_false(in.r == MINIMAP_SHOWN.r && in.g == MINIMAP_SHOWN.g && in.b == MINIMAP_SHOWN.b);
    assert_false(out.r == MINIMAP_SHOWN.r && out.g == MINIMAP_SHOWN.g && out.b == MINIMAP_SHOWN.b);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderClear(r);
    minimap_draw(r, g, logical, 1, (SDL_Rect){0, 0, MAP_WIDTH, MAP_HEIGHT});
    SDL_RenderPresent(r);
    assert_int_equal(count_colour(s, MINIMAP_SHOWN), 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    fixture_free(g);
}

static const char *const CROWD[] = {
    "###############", "#mnrmnrmnrmnrm#", "#k!)/[]*k!)/[]#", "#nrmnrm@mnrmnr#",
    "#]*k!)/[]*k!)/#", "#rmnrmnrmnrmnm#", "###############", NULL,
};

/* With more in view than fits, at every window size: the rows end above the minimap's frame,
 * every thing in view is a row or counted, and the seed is in the footer, above the minimap
 * too; with nothing below the sidebar (no minimap in it) the rows may use the whole height. */
static void the_sidebar_stops_above_the_minimap(void **state)
{
    (void)state;
    static const int sizes[][2] = {{640, 480}, {800, 600}, {1024, 768}, {1280, 720}, {1920, 1080}};
    Game *g = fixture_game(4242, 12, CROWD);
    const Entity *things[SIDEBAR_ROWS_MAX];
    int n = game_things_in_view(g, things, SIDEBAR_ROWS_MAX);
    static TextRecord record;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        SDL_Surface *s =
            SDL_CreateRGBSurfaceWithFormat(0, sizes[i][0], sizes[i][1], 32, SDL_PIXELFORMAT_RGB888);
        SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
        Text text;
        Atlas atlas;
        char err[512];
        if (!text_load(&text, r, FONT_FILE, LAYOUT_FONT_POINTS, err, sizeof err) ||
            !atlas_load(&atlas, r, ASSETS_DIR, err, sizeof err))
            fail_msg("%s", err);
        PlayLayout l =
            layout_play(sizes[i][0], sizes[i][1], &text, ZOOM_FLOOR, MAP_WIDTH, MAP_HEIGHT);
        SDL_RenderSetScale(r, (float)l.scale, (float)l.scale);
        assert_true(l.minimap.h > 0);
        int top = sidebar_foot(l.sidebar, l.minimap);
        assert_int_equal(top, l.minimap.y - 1);
        SidebarRows rows, whole;
        record.count = 0;
        text.record = &record;
        sidebar_draw_over(r, &atlas, &text, g, l.sidebar, l.minimap, NULL, &rows);
        text.record = NULL;
        assert_int_equal(rows.count - 1 + rows.hidden, n);
        assert_true(rows.hidden > 0);
        for (int k = 0; k < rows.count; k++)
            assert_true(rows.rect[k].y + rows.rect[k].h <= top);
        bool seed = false;
        for (int k = 0; k < record.count; k++) {
            SDL_Rect t = record.items[k].rect;
            if (t.y + t.h > top)
                fail_msg("%dx%d: \"%s\" reaches the minimap", sizes[i][0], sizes[i][1],
                         record.items[k].s);
            seed = seed || strcmp(record.items[k].s, "Seed 4242") == 0;
        }
        assert_true(seed);
        sidebar_draw(r, &atlas, &text, g, l.sidebar, NULL, &whole);
        assert_true(whole.count > rows.count);
        atlas_free(&atlas);
        text_free(&text);
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(s);
    }
    fixture_free(g);
}

int main(void)
{
    if (SDL_Init(0) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_point_maps_to_the_cell_drawn_there),
        cmocka_unit_test(each_cell_maps_back_from_its_pixels),
        cmocka_unit_test(the_minimap_shows_what_the_player_knows),
        cmocka_unit_test(seen_cells_stay_and_only_they_are_targets),
        cmocka_unit_test(remembered_items_show_and_unseen_mice_do_not),
        cmocka_unit_test(the_close_view_is_framed),
        cmocka_unit_test(the_sidebar_stops_above_the_minimap),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    SDL_Quit();
    return failed;
}
