/* The close view's camera (docs/RULES.md R-VIEW-1 to R-VIEW-4): the pure logic of
 * src/ui/camera.c (centring, the dead zone, keeping a box of cells in view, the wheel), and
 * view_place over bot games at six window sizes: every turn, every mouse and item the sidebar
 * lists is inside the camera's cells, and the player is near the centre (at the map's edge
 * too) unless a thing in view holds the camera. */
#include <SDL.h>
#include <SDL_ttf.h>

#include "test_support.h"

#include "bot/bot.h"
#include "game/view_list.h"
#include "game_fixture.h"
#include "ui/camera.h"
#include "ui/options.h"
#include "ui/view.h"

static void centres_on_the_target(void **state)
{
    (void)state;
    Camera c = {.cols = 40, .rows = 20};
    camera_follow(&c, 40, 25, 80, 50);
    assert_int_equal(c.x, 20);
    assert_int_equal(c.y, 15);
    assert_int_equal(camera_centre(c.x, c.cols), 40);
    assert_int_equal(camera_centre(c.y, c.rows), 25);
}

/* R-VIEW-2: at the map's edge the view goes on beyond it, keeping her at its centre. */
static void centred_at_the_map_edge(void **state)
{
    (void)state;
    Camera c = {.cols = 40, .rows = 20};
    camera_follow(&c, 1, 1, 80, 50);
    assert_int_equal(c.x, -19);
    assert_int_equal(c.y, -9);
    camera_follow(&c, 79, 49, 80, 50);
    assert_int_equal(c.x, 59);
    assert_int_equal(c.y, 39);
    camera_track(&c, 75, 45, CAMERA_DEAD_ZONE, NULL, 80, 50); /* west and north, by the wall */
    assert_int_equal(camera_centre(c.x, c.cols), 75 + CAMERA_DEAD_ZONE);
    assert_int_equal(camera_centre(c.y, c.rows), 45 + CAMERA_DEAD_ZONE);
    camera_track(&c, 0, 0, CAMERA_DEAD_ZONE, NULL, 80, 50); /* the far corner */
    assert_int_equal(camera_centre(c.x, c.cols), CAMERA_DEAD_ZONE);
    assert_int_equal(camera_centre(c.y, c.rows), CAMERA_DEAD_ZONE);
}

static void a_small_map_is_centred(void **state)
{
    (void)state;
    Camera c = {.cols = 100, .rows = 60};
    camera_follow(&c, 79, 0, 80, 50);
    assert_int_equal(c.x, -10);
    assert_int_equal(c.y, -5);
    camera_track(&c, 3, 40, CAMERA_DEAD_ZONE, NULL, 80, 50);
    assert_int_equal(c.x, -10);
    assert_int_equal(c.y, -5);
}

/* R-VIEW-2: within CAMERA_DEAD_ZONE cells of the centre the view holds still; a step beyond
 * moves it by that step, so she stays at the dead zone's edge. */
static void the_dead_zone_holds_still(void **state)
{
    (void)state;
    Camera c = {.cols = 30, .rows = 20};
    camera_follow(&c, 40, 25, 80, 50);
    assert_int_equal(c.x, 25);
    assert_int_equal(c.y, 15);
    for (int d = -CAMERA_DEAD_ZONE; d <= CAMERA_DEAD_ZONE; d++) {
        camera_track(&c, 40 + d, 25 - d, CAMERA_DEAD_ZONE, NULL, 80, 50);
        assert_int_equal(c.x, 25);
        assert_int_equal(c.y, 15);
    }
    camera_track(&c, 40 + CAMERA_DEAD_ZONE + 1, 25, CAMERA_DEAD_ZONE, NULL, 80, 50);
    assert_int_equal(c.x, 26);
    camera_track(&c, 40 + CAMERA_DEAD_ZONE + 4, 25, CAMERA_DEAD_ZONE, NULL, 80, 50);
    assert_int_equal(c.x, 29);
    assert_int_equal(camera_centre(c.x, c.cols) + CAMERA_DEAD_ZONE, 40 + CAMERA_DEAD_ZONE + 4);
    camera_track(&c, 40, 25 - CAMERA_DEAD_ZONE - 2, CAMERA_DEAD_ZONE, NULL, 80, 50);
    assert_int_equal(c.y, 13);
    assert_int_equal(c.x, 27); /* and back west: she is at the dead zone's west edge */
}

/* R-VIEW-3: a box of cells that fits is brought into view by the smallest shift; one that
 * does not fit leaves the view on the player. */
static void a_box_in_view_shifts_the_view(void **state)
{
    (void)state;
    Camera c = {.cols = 30, .rows = 20};
    camera_follow(&c, 40, 25, 80, 50); /* cells 25..54, 15..34 */
    CameraBox box = {40, 25, 58, 36};  /* a mouse 18 east and 11 south */
    assert_true(camera_box_fits(&c, &box, 80, 50));
    camera_track(&c, 40, 25, CAMERA_DEAD_ZONE, &box, 80, 50);
    assert_int_equal(c.x, 58 - 29);
    assert_int_equal(c.y, 36 - 19);
    box = (CameraBox){21, 8, 40, 25}; /* one north-west instead */
    camera_track(&c, 40, 25, CAMERA_DEAD_ZONE, &box, 80, 50);
    assert_int_equal(c.x, 21);
    assert_int_equal(c.y, 8);
    box = (CameraBox){5, 25, 40, 25}; /* 36 wide: does not fit */
    assert_false(camera_box_fits(&c, &box, 80, 50));
    camera_follow(&c, 40, 25, 80, 50);
    camera_track(&c, 40, 25, CAMERA_DEAD_ZONE, &box, 80, 50);
    assert_int_equal(c.x, 25);
    Camera wide = {.cols = 90, .rows = 20}; /* the whole width shows: any box fits that way */
    assert_true(camera_box_fits(&wide, &box, 80, 50));
}

/* R-VIEW-5: the wheel steps the zoom and stops at both ends. */
static void the_wheel_stops_at_both_ends(void **state)
{
    (void)state;
    assert_int_equal(camera_wheel_zoom(ZOOM_FLOOR, +1, ZOOM_COUNT), ZOOM_CLOSE);
    assert_int_equal(camera_wheel_zoom(ZOOM_CLOSE, +1, ZOOM_COUNT), ZOOM_CLOSER);
    assert_int_equal(camera_wheel_zoom(ZOOM_CLOSER, +1, ZOOM_COUNT), ZOOM_CLOSER);
    assert_int_equal(camera_wheel_zoom(ZOOM_CLOSER, -1, ZOOM_COUNT), ZOOM_CLOSE);
    assert_int_equal(camera_wheel_zoom(ZOOM_CLOSE, -3, ZOOM_COUNT), ZOOM_FLOOR);
    assert_int_equal(camera_wheel_zoom(ZOOM_FLOOR, -1, ZOOM_COUNT), ZOOM_FLOOR);
    assert_int_equal(camera_wheel_zoom(ZOOM_CLOSE, 0, ZOOM_COUNT), ZOOM_CLOSE);
}

/* A layout's Text: the game's font on a small software renderer. */
typedef struct Fonts {
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    Text text;
} Fonts;

static void fonts_open(Fonts *f)
{
    char err[512];
    f->surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_RGB888);
    assert_non_null(f->surface);
    f->renderer = SDL_CreateSoftwareRenderer(f->surface);
    assert_non_null(f->renderer);
    if (!text_load(&f->text, f->renderer, FONT_FILE, LAYOUT_FONT_POINTS, err, sizeof err))
        fail_msg("%s", err);
}

static void fonts_close(Fonts *f)
{
    text_free(&f->text);
    SDL_DestroyRenderer(f->renderer);
    SDL_FreeSurface(f->surface);
}

/* R-VIEW-1: new players start in the close view, whose tiles are at least 32 px at 1280x720. */
static void the_close_view_is_the_default(void **state)
{
    (void)state;
    Options o;
    options_default(&o);
    assert_int_equal(o.zoom, 1);
    Fonts f;
    fonts_open(&f);
    PlayLayout l = layout_play(1280, 720, &f.text, ZOOM_CLOSE, MAP_WIDTH, MAP_HEIGHT);
    assert_true(l.tile >= 32);
    fonts_close(&f);
}

enum { SIZES = 6, ZOOMS = 2, TURNS = 2500, THINGS = 256 };
static const int SIZE_WH[SIZES][2] = {{640, 480},  {800, 600},   {1024, 768},
                                      {1280, 720}, {1920, 1080}, {2560, 1440}};

/* R-VIEW-2 on one axis: the player (p) is within the dead zone of the view's centre, or the
 * view cannot move towards her: a listed thing ([lo, hi] with her) holds its other edge. The
 * map's edge never stops it. On arrival the dead zone is 0: she is centred. */
static bool near_centre(int start, int n, int size, int p, int lo, int hi, int dead)
{
    if (n >= size)
        return true;
    int c = camera_centre(start, n);
    if (p > c + dead)
        return lo == start;
    if (p < c - dead)
        return hi == start + n - 1;
    return true;
}

typedef struct Checked {
    int frames, turns, arrivals, zoomed_out, off_centre;
} Checked;

static void check_view(View *v, const Game *g, bool arrived, Checked *k)
{
    view_place(v, g);
    const Camera *c = &v->camera;
    const Entity *things[THINGS];
    int n = game_things_in_view(g, things, THINGS);
    const Entity *p = g->player;
    int lo_x = p->x, hi_x = p->x, lo_y = p->y, hi_y = p->y;
    for (int i = 0; i < n; i++) {
        const Entity *e = things[i];
        if (e->x < c->x || e->x >= c->x + c->cols || e->y < c->y || e->y >= c->y + c->rows)
            fail_msg("%dx%d zoom %d turn %u floor %d: %s at %d,%d is off the view %d,%d %dx%d",
                     v->out_w, v->out_h, v->zoom, g->turn, g->current, e->name, e->x, e->y, c->x,
                     c->y, c->cols, c->rows);
        lo_x = e->x < lo_x ? e->x : lo_x;
        hi_x = e->x > hi_x ? e->x : hi_x;
        lo_y = e->y < lo_y ? e->y : lo_y;
        hi_y = e->y > hi_y ? e->y : hi_y;
    }
    const Map *m = &g->floors[g->current]->map;
    int dead = arrived ? 0 : CAMERA_DEAD_ZONE;
    if (!near_centre(c->x, c->cols, m->width, p->x, lo_x, hi_x, dead) ||
        !near_centre(c->y, c->rows, m->height, p->y, lo_y, hi_y, dead))
        fail_msg("%dx%d zoom %d turn %u floor %d%s: the player at %d,%d, the view %d,%d %dx%d",
                 v->out_w, v->out_h, v->zoom, g->turn, g->current, arrived ? " (arrival)" : "",
                 p->x, p->y, c->x, c->y, c->cols, c->rows);
    if (v->out_w == 1280 && v->zoom == ZOOM_CLOSE)
        assert_true(v->layout.tile >= 32);
    k->frames++;
    k->zoomed_out += v->layout.tile <
                     layout_play(v->out_w, v->out_h, v->text, v->zoom, m->width, m->height).tile;
    k->off_centre += abs(p->x - camera_centre(c->x, c->cols)) > CAMERA_DEAD_ZONE ||
                     abs(p->y - camera_centre(c->y, c->rows)) > CAMERA_DEAD_ZONE;
}

/* R-VIEW-1 to R-VIEW-3 over the bot's game of `seed`, at every size, close and closer. */
static void bot_game_keeps_things_in_view(uint64_t seed, Fonts *f, Checked *k)
{
    static Game game;
    static Bot bot;
    static View views[SIZES][ZOOMS];
    assert_true(game_init(&game, seed, test_rules()));
    bot_init(&bot);
    for (int s = 0; s < SIZES; s++)
        for (int z = 0; z < ZOOMS; z++)
            views[s][z] = (View){.text = &f->text,
                                 .out_w = SIZE_WH[s][0],
                                 .out_h = SIZE_WH[s][1],
                                 .zoom = z == 0 ? ZOOM_CLOSE : ZOOM_CLOSER,
                                 .follow_x = -1,
                                 .follow_y = -1};
    int floor = -1;
    for (int turn = 0; turn < TURNS && game.outcome == GAME_PLAYING; turn++) {
        bool arrived = game.current != floor;
        floor = game.current;
        k->arrivals += arrived;
        for (int s = 0; s < SIZES; s++)
            for (int z = 0; z < ZOOMS; z++) {
                if (arrived) /* as the window does on a floor change */
                    view_recentre(&views[s][z]);
                check_view(&views[s][z], &game, arrived, k);
            }
        k->turns++;
        if (!bot_play_turn(&bot, &game))
            break;
    }
    game_free(&game);
}

static void the_camera_keeps_every_listed_thing_in_view(void **state)
{
    (void)state;
    Fonts f;
    fonts_open(&f);
    Checked k = {0};
    for (uint64_t seed = 1; seed <= 3; seed++)
        bot_game_keeps_things_in_view(seed, &f, &k);
    fonts_close(&f);
    print_message("%d views checked over %d turns and %d floors, %d zoomed out, %d off-centre (a "
                  "thing in view at the view's other edge)\n",
                  k.frames, k.turns, k.arrivals, k.zoomed_out, k.off_centre);
    assert_true(k.turns > 5000 && k.arrivals > 6);
}

/* R-VIEW-3: where the things in view do not fit at the chosen zoom, the view zooms out a step
 * (this frame only) until they do. A hall 24 rows tall: at 1280x720 closer (13 rows) a mouse
 * 9 rows above the player and a Key 9 rows below her do not both fit. */
static void a_view_too_small_zooms_out_a_step(void **state)
{
    (void)state;
    static const char *rows[MAP_HEIGHT + 1];
    static char lines[24][12];
    for (int y = 0; y < 24; y++) {
        snprintf(lines[y], sizeof lines[y], "%s", y == 0 || y == 23 ? "##########" : "#........#");
        rows[y] = lines[y];
    }
    lines[2][4] = 'm';
    lines[11][4] = '@';
    lines[20][4] = 'k';
    rows[24] = NULL;
    Game *g = fixture_game(1, 1, rows);
    const Entity *things[THINGS];
    assert_int_equal(game_things_in_view(g, things, THINGS), 2);
    Fonts f;
    fonts_open(&f);
    View v = {.text = &f.text,
              .out_w = 1280,
              .out_h = 720,
              .zoom = ZOOM_CLOSER,
              .follow_x = -1,
              .follow_y = -1};
    PlayLayout closer = layout_play(1280, 720, &f.text, ZOOM_CLOSER, MAP_WIDTH, MAP_HEIGHT);
    assert_true(closer.rows < 19);
    view_place(&v, g);
    assert_true(v.layout.tile < closer.tile);
    assert_true(2 >= v.camera.y && 20 < v.camera.y + v.camera.rows);
    assert_int_equal(v.zoom, ZOOM_CLOSER); /* the chosen zoom stays */
    fonts_close(&f);
    fixture_free(g);
}

/* R-VIEW-4: in look mode the view follows the cursor, even away from the things in view. */
static void look_mode_follows_the_cursor(void **state)
{
    (void)state;
    static const char *rows[MAP_HEIGHT + 1];
    static char lines[MAP_HEIGHT][MAP_WIDTH + 1];
    for (int y = 0; y < MAP_HEIGHT; y++) {
        memset(lines[y], y == 0 || y == MAP_HEIGHT - 1 ? '#' : '.', MAP_WIDTH);
        lines[y][0] = lines[y][MAP_WIDTH - 1] = '#';
        lines[y][MAP_WIDTH] = 0;
        rows[y] = lines[y];
    }
    lines[25][40] = '@';
    lines[25][46] = 'm';
    rows[MAP_HEIGHT] = NULL;
    Game *g = fixture_game(1, 1, rows);
    Fonts f;
    fonts_open(&f);
    View v = {.text = &f.text,
              .out_w = 1280,
              .out_h = 720,
              .zoom = ZOOM_CLOSE,
              .follow_x = -1,
              .follow_y = -1};
    view_place(&v, g);
    for (int x = 40; x >= 1; x--) { /* the cursor walks west, far from the mouse, to the wall */
        v.follow_x = x;
        v.follow_y = 25;
        view_place(&v, g);
        assert_true(abs(camera_centre(v.camera.x, v.camera.cols) - x) <= CAMERA_DEAD_ZONE);
        assert_true(abs(camera_centre(v.camera.y, v.camera.rows) - 25) <= CAMERA_DEAD_ZONE);
    }
    v.follow_x = 1; /* at the map's edge the view goes on beyond it */
    view_place(&v, g);
    assert_true(v.camera.x < 0);
    fonts_close(&f);
    fixture_free(g);
}

int main(void)
{
    if (SDL_Init(0) != 0 || TTF_Init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(centres_on_the_target),
        cmocka_unit_test(centred_at_the_map_edge),
        cmocka_unit_test(a_small_map_is_centred),
        cmocka_unit_test(the_dead_zone_holds_still),
        cmocka_unit_test(a_box_in_view_shifts_the_view),
        cmocka_unit_test(the_wheel_stops_at_both_ends),
        cmocka_unit_test(the_close_view_is_the_default),
        cmocka_unit_test(a_view_too_small_zooms_out_a_step),
        cmocka_unit_test(look_mode_follows_the_cursor),
        cmocka_unit_test(the_camera_keeps_every_listed_thing_in_view),
    };
    int failed = RUN_TESTS(tests);
    TTF_Quit();
    SDL_Quit();
    return failed;
}
