/* docs/RULES.md R-FRAME-2: the map layer (src/ui/map_layer.c) draws the very pixels draw_map
 * draws straight to the screen, and is drawn again whenever what it shows changes: after a
 * turn, when the camera moves, with the high-contrast atlas; and only then. Whole play frames
 * of a bot's game at three sizes and both zooms, on SDL's software renderer off-screen. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "test_support.h"

#include <stdlib.h>
#include <string.h>

#include "bot/bot.h"
#include "cli/load_rules.h"
#include "core/paths.h"
#include "ui/offscreen.h"

static const int SIZES[][2] = {{800, 600}, {1280, 720}, {2560, 1440}};

typedef struct Fixture {
    Rules rules;
    Game game;
    Bot bot;
    Offscreen o;
    Uint32 *pixels; /* the frame drawn through the layer */
} Fixture;

static Fixture *fixture_open(int w, int h)
{
    static Fixture f;
    char err[1400];
    memset(&f, 0, sizeof f);
    if (!cli_load_rules(&f.rules, NULL, stderr))
        fail_msg("no rules");
    if (!offscreen_open(&f.o, w, h, err, sizeof err))
        fail_msg("%s", err);
    assert_true(game_init(&f.game, 13, &f.rules));
    bot_init(&f.bot);
    while (f.game.turn < 250 && bot_play_turn(&f.bot, &f.game))
        ;
    f.pixels = malloc((size_t)w * (size_t)h * 4);
    assert_non_null(f.pixels);
    return &f;
}

static void fixture_close(Fixture *f)
{
    free(f->pixels);
    offscreen_close(&f->o);
    game_free(&f->game);
}

/* Paints the whole frame magenta: what a draw leaves unpainted then shows. */
static void poison(Fixture *f)
{
    SDL_SetRenderDrawColor(f->o.renderer, 200, 0, 200, 255);
    SDL_RenderClear(f->o.renderer);
}

/* The frame through `view`'s layer, then the same frame drawn directly, each over a magenta
 * frame: the same bytes (and no stale pixel of the layer's or the screen's survives). */
static void check_same(Fixture *f, View *view, const char *what)
{
    SDL_Surface *s = f->o.surface;
    size_t bytes = (size_t)s->pitch * (size_t)s->h;
    poison(f);
    offscreen_draw_play(view, &f->game);
    memcpy(f->pixels, s->pixels, bytes);
    View direct = *view;
    direct.map_layer = (MapLayer){.direct = true};
    poison(f);
    offscreen_draw_play(&direct, &f->game);
    if (memcmp(f->pixels, s->pixels, bytes) != 0) {
        int at = 0;
        while (((Uint32 *)s->pixels)[at] == f->pixels[at])
            at++;
        fail_msg("%dx%d %s: the layer differs from draw_map at pixel (%d, %d)", s->w, s->h, what,
                 at % (s->pitch / 4), at / (s->pitch / 4));
    }
}

/* Puts a remembered Key on a seen cell out of view within the camera, as a look after a turn
 * would: only the memory drawn there changes, so the layer must see it (R-FRAME-2). */
static void remember_a_key(Fixture *f, const View *view)
{
    Floor *floor = game_floor(&f->game);
    const Camera *cam = &view->camera;
    for (int y = cam->y; y < cam->y + cam->rows; y++)
        for (int x = cam->x; x < cam->x + cam->cols; x++) {
            int i = y * floor->map.width + x;
            if (!map_in_bounds(&floor->map, x, y) || !floor->seen[i] ||
                game_cell_visible(&f->game, x, y) || map_is_wall(&floor->map, x, y) ||
                floor_entity_at(floor, x, y, ~0u) || floor->item_marks >= FLOOR_MEMORY_ITEMS)
                continue;
            floor->items[floor->item_marks++] =
                (FloorMark){.id = 1, .kind_id = KIND_ID_KEY, .x = x, .y = y};
            f->game.caches.knowledge++; /* what she knows changed, as a look says */
            return;
        }
    fail_msg("no seen cell out of view in the camera");
}

static void one_size(int w, int h, Zoom zoom)
{
    Fixture *f = fixture_open(w, h);
    View view = offscreen_view(&f->o, zoom);
    check_same(f, &view, "first frame");
    assert_int_equal(view.map_layer.redraws, 1);
    check_same(f, &view, "nothing changed");
    assert_int_equal(view.map_layer.redraws, 1); /* copied, not drawn again */

    /* After a turn with the camera where it was, only the cells whose look changed are drawn
     * again (an update, not a redraw); the picture is still draw_map's. */
    unsigned updates = 0, shifts = view.map_layer.shifts;
    for (int t = 0; t < 150; t++) {
        Camera was = view.camera;
        assert_true(bot_play_turn(&f->bot, &f->game));
        unsigned before = view.map_layer.redraws, updated = view.map_layer.updates;
        check_same(f, &view, "after a turn");
        /* A camera moved, of the same size, moves the picture: not drawn again either. */
        bool sized = was.cols == view.camera.cols && was.rows == view.camera.rows;
        assert_int_equal(view.map_layer.redraws, before + (sized ? 0 : 1));
        updates += view.map_layer.updates - updated;
    }
    assert_true(updates > 0);
    if (zoom == ZOOM_CLOSE) /* the close view follows the bot */
        assert_true(view.map_layer.shifts > shifts);
    remember_a_key(f, &view);
    check_same(f, &view, "a Key remembered out of view");
    /* The camera follows another cell (look mode): no turn, the layer is drawn again. */
    view.follow_x = 2;
    view.follow_y = 2;
    check_same(f, &view, "camera moved");
    view.follow_x = MAP_WIDTH - 3;
    view.follow_y = MAP_HEIGHT - 3;
    check_same(f, &view, "camera moved back");
    view.follow_x = view.follow_y = -1;

    char assets[1024], err[512];
    assert_true(paths_find_assets(assets, sizeof assets, err, sizeof err));
    assert_true(atlas_set_contrast(&f->o.atlas, f->o.renderer, assets, true, err, sizeof err));
    check_same(f, &view, "high contrast");
    fixture_close(f);
}

/* The layer drawn through `cam` into `area`, then draw_map's picture straight to the screen,
 * each over magenta: the same bytes. */
static void check_camera(Fixture *f, MapLayer *layer, Camera cam, SDL_Rect area, int tile)
{
    SDL_Surface *s = f->o.surface;
    size_t bytes = (size_t)s->pitch * (size_t)s->h;
    poison(f);
    map_layer_draw(layer, f->o.renderer, &f->o.atlas, &f->game, &cam, area, tile);
    memcpy(f->pixels, s->pixels, bytes);
    MapLayer direct = {.direct = true};
    poison(f);
    map_layer_draw(&direct, f->o.renderer, &f->o.atlas, &f->game, &cam, area, tile);
    if (memcmp(f->pixels, s->pixels, bytes) != 0) {
        int at = 0;
        while (((Uint32 *)s->pixels)[at] == f->pixels[at])
            at++;
        fail_msg("area %dx%d, camera at (%d, %d): the layer differs from draw_map at pixel "
                 "(%d, %d)",
                 area.w, area.h, cam.x, cam.y, at % (s->pitch / 4), at / (s->pitch / 4));
    }
}

/* The camera moved by a cell in each of the 8 directions, by several cells, and by more than
 * the view, the layer's picture moved with it each time (no turn, nothing drawn again but what
 * the move uncovers): draw_map's picture, pixel for pixel. `extra` pixels of the area beyond
 * the camera's cols x rows cells: a cell cut by the area's edge must be drawn whole once the
 * move brings it in; a tile or more, and part of the area lies in no cell: drawn again. */
static void camera_moves(int extra)
{
    Fixture *f = fixture_open(800, 600);
    const int tile = 24, cols = 20, rows = 14;
    static const int MOVES[][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},   {-1, 0}, {-1, -1},
                                   {0, -1}, {1, -1},  {3, 2},  {-5, 0},   {0, -4}, {6, 5},
                                   {-2, 7}, {25, -3}, {0, 17}, {-30, -20}};
    int n = sizeof MOVES / sizeof MOVES[0];
    Camera cam = {f->game.player->x - cols / 2, f->game.player->y - rows / 2, cols, rows};
    SDL_Rect area = {7, 5, cols * tile + extra, rows * tile + extra};
    MapLayer layer = {0};
    check_camera(f, &layer, cam, area, tile);
    for (int i = 0; i < n; i++) {
        cam.x += MOVES[i][0];
        cam.y += MOVES[i][1];
        check_camera(f, &layer, cam, area, tile);
    }
    bool covered = extra < tile;
    assert_int_equal(layer.redraws, covered ? 1 : 1 + n);
    assert_int_equal(layer.shifts, covered ? n : 0);
    map_layer_free(&layer);
    fixture_close(f);
}

static void test_camera_moves(void **state)
{
    (void)state;
    camera_moves(0);
    camera_moves(13); /* cells cut at the right and bottom */
    camera_moves(29); /* a strip in no cell */
}

static void test_close_view(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SIZES / sizeof SIZES[0]; i++)
        one_size(SIZES[i][0], SIZES[i][1], ZOOM_CLOSE);
}

static void test_whole_floor(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SIZES / sizeof SIZES[0]; i++)
        one_size(SIZES[i][0], SIZES[i][1], ZOOM_FLOOR);
}

int main(void)
{
    setenv("MOUSEKING_DATA", ASSETS_DIR, 0); /* the build's assets, unless told otherwise */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_close_view),
        cmocka_unit_test(test_whole_floor),
        cmocka_unit_test(test_camera_moves),
    };
    return RUN_TESTS(tests);
}
