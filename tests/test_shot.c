/* docs/RULES.md R-SHOT-1, R-SHOT-2: `mouseking shot`'s arguments, its picture's size and its
 * layout at the six window sizes (the same checks as tests/shot_layout.cmake, which runs the
 * executable, here on the functions, so that tests/mutate.sh can break them). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "test_support.h"

#include <SDL_image.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bot/bot.h"
#include "cli/args.h"
#include "cli/load_rules.h"
#include "ui/shot.h"

static const int SIZES[][2] = {{640, 480},  {800, 600},   {1024, 768},
                               {1280, 720}, {1920, 1080}, {2560, 1440}};

static int parse(const char *const *args, int n, CliOptions *opt)
{
    char *argv[16] = {"mouseking", "shot"};
    for (int i = 0; i < n; i++)
        argv[i + 2] = (char *)args[i];
    char err[256];
    return cli_parse(n + 2, argv, opt, err, sizeof err);
}

static void test_arguments(void **state)
{
    (void)state;
    CliOptions o;
    const char *good[] = {"--seed", "7",     "--turns",  "30",     "--size", "1280x720",
                          "--view", "floor", "--layout", "l.json", "out.png"};
    assert_int_equal(parse(good, 11, &o), CLI_OK);
    assert_int_equal(o.command, CLI_SHOT);
    assert_int_equal(o.shot_turns, 30);
    assert_int_equal(o.shot_w, 1280);
    assert_int_equal(o.shot_h, 720);
    assert_true(o.shot_floor);
    assert_string_equal(o.layout_path, "l.json");
    assert_string_equal(o.shot_path, "out.png");
    const char *look[] = {"--seed", "1", "--size", "800x600", "--look", "79,49", "a.png"};
    assert_int_equal(parse(look, 7, &o), CLI_OK);
    assert_true(o.has_look);
    assert_int_equal(o.look_x, 79);
    assert_int_equal(o.look_y, 49);
    const char *off_map[] = {"--seed", "1", "--size", "800x600", "--look", "80,3", "a.png"};
    assert_int_equal(parse(off_map, 7, &o), CLI_USAGE_ERROR);
    const char *smallest[] = {"--seed", "1", "--size", "600x340", "a.png"};
    assert_int_equal(parse(smallest, 5, &o), CLI_OK);
    assert_false(o.shot_floor);
    assert_int_equal(o.shot_turns, 0);
    const char *const bad[][6] = {
        {"--seed", "1", "--size", "599x340", "a.png"},
        {"--seed", "1", "--size", "600x339", "a.png"},
        {"--seed", "1", "--size", "800", "a.png"},
        {"--seed", "1", "--size", "9000x600", "a.png"},
        {"--size", "800x600", "a.png"},
        {"--seed", "1", "a.png"},
        {"--seed", "1", "--size", "800x600"},
        {"--seed", "1", "--size", "800x600", "--view"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int n = 0;
        while (n < 6 && bad[i][n])
            n++;
        assert_int_equal(parse(bad[i], n, &o), CLI_USAGE_ERROR);
    }
}

static SDL_Rect rect_of(const cJSON *o, const char *name)
{
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(o, name);
    assert_non_null(r);
    return (SDL_Rect){cJSON_GetObjectItem(r, "x")->valueint, cJSON_GetObjectItem(r, "y")->valueint,
                      cJSON_GetObjectItem(r, "w")->valueint, cJSON_GetObjectItem(r, "h")->valueint};
}

/* The layout file at `path`, parsed. */
static cJSON *read_json(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    cJSON *o = cJSON_Parse(text);
    assert_non_null(o);
    return o;
}

static void check_layout(const char *path, int w, int h)
{
    cJSON *o = read_json(path);
    assert_int_equal(cJSON_GetObjectItem(o, "width")->valueint, w);
    assert_int_equal(cJSON_GetObjectItem(o, "height")->valueint, h);
    assert_true(cJSON_GetObjectItem(o, "tile")->valueint > 0);
    const char *names[] = {"map", "map_cells", "sidebar", "minimap", "messages"};
    SDL_Rect r[5], window = {0, 0, w, h}, cut;
    for (int i = 0; i < 5; i++) {
        r[i] = rect_of(o, names[i]);
        assert_true(r[i].w > 0 && r[i].h > 0);
        assert_true(SDL_IntersectRect(&r[i], &window, &cut) && SDL_RectEquals(&cut, &r[i]));
    }
    /* map, sidebar, messages apart; the minimap clear of the map and messages, and wholly
     * inside the sidebar if it touches it */
    assert_false(SDL_HasIntersection(&r[0], &r[2]));
    assert_false(SDL_HasIntersection(&r[0], &r[4]));
    assert_false(SDL_HasIntersection(&r[2], &r[4]));
    assert_false(SDL_HasIntersection(&r[3], &r[0]));
    assert_false(SDL_HasIntersection(&r[3], &r[4]));
    if (SDL_IntersectRect(&r[3], &r[2], &cut))
        assert_true(SDL_RectEquals(&cut, &r[3]));
    /* The parts fill the window as drawn: the sidebar down its left side to the bottom, the
     * messages and the map beside it, the map under the messages to the bottom. */
    assert_int_equal(r[2].x, 0);
    assert_int_equal(r[2].h, h);
    assert_int_equal(r[0].x, r[2].x + r[2].w);
    assert_int_equal(r[4].x, r[0].x);
    assert_int_equal(r[0].y, r[4].y + r[4].h);
    assert_int_equal(r[0].y + r[0].h, h);
    const cJSON *cell = cJSON_GetObjectItem(o, "text_cell");
    assert_true(cJSON_GetObjectItem(cell, "w")->valueint > 0);
    assert_true(cJSON_GetObjectItem(cell, "h")->valueint > 0);
    cJSON_Delete(o);
}

/* The rectangle NAME of the layout in `path`; false when it is null. */
static bool layout_rect(const char *path, const char *name, SDL_Rect *r)
{
    cJSON *o = read_json(path);
    bool shown = !cJSON_IsNull(cJSON_GetObjectItem(o, name));
    if (shown)
        *r = rect_of(o, name);
    cJSON_Delete(o);
    return shown;
}

/* --look: the cursor's cell and the description box are in the layout, inside the map and the
 * window; without it, neither. */
static void check_look(Game *game, const char *png, const char *json)
{
    char err[1400];
    SDL_Rect cell, box, cells;
    ShotView plain = {1280, 720, ZOOM_CLOSE, -1, -1};
    assert_true(shot_write(game, &plain, png, json, err, sizeof err));
    assert_false(layout_rect(json, "look_cell", &cell));
    assert_false(layout_rect(json, "describe", &box));
    ShotView look = {1280, 720, ZOOM_CLOSE, game->player->x, game->player->y};
    assert_true(shot_write(game, &look, png, json, err, sizeof err));
    assert_true(layout_rect(json, "look_cell", &cell));
    assert_true(layout_rect(json, "describe", &box));
    assert_true(layout_rect(json, "map_cells", &cells));
    SDL_Rect cut, window = {0, 0, 1280, 720};
    assert_true(SDL_IntersectRect(&cell, &cells, &cut) && SDL_RectEquals(&cut, &cell));
    assert_true(SDL_IntersectRect(&box, &window, &cut) && SDL_RectEquals(&cut, &box));
    check_layout(json, 1280, 720);
}

static void test_sizes(void **state)
{
    (void)state;
    static Rules rules;
    static Game game;
    static Bot bot;
    char err[1400], dir[] = "/tmp/mk_test_shot_XXXXXX", png[64], json[64];
    assert_true(cli_load_rules(&rules, NULL, stderr));
    assert_true(game_init(&game, 7, &rules));
    bot_init(&bot);
    while (game.turn < 100 && bot_play_turn(&bot, &game))
        ;
    assert_non_null(mkdtemp(dir));
    snprintf(png, sizeof png, "%s/a.png", dir);
    snprintf(json, sizeof json, "%s/a.json", dir);
    for (size_t i = 0; i < sizeof SIZES / sizeof SIZES[0]; i++)
        for (int zoom = ZOOM_FLOOR; zoom <= ZOOM_CLOSE; zoom++) {
            int w = SIZES[i][0], h = SIZES[i][1];
            ShotView sv = {w, h, (Zoom)zoom, -1, -1};
            if (!shot_write(&game, &sv, png, json, err, sizeof err))
                fail_msg("%s", err);
            SDL_Surface *s = IMG_Load(png);
            assert_non_null(s);
            assert_int_equal(s->w, w);
            assert_int_equal(s->h, h);
            SDL_FreeSurface(s);
            check_layout(json, w, h);
        }
    check_look(&game, png, json);
    char nowhere[96];
    snprintf(nowhere, sizeof nowhere, "%s/no/such/a.png", dir);
    ShotView sv = {800, 600, ZOOM_CLOSE, -1, -1};
    assert_false(shot_write(&game, &sv, nowhere, NULL, err, sizeof err));
    assert_memory_equal(err, nowhere, strlen(nowhere)); /* "PATH: why" */
    assert_int_equal(err[strlen(nowhere)], ':');
    unlink(png);
    unlink(json);
    rmdir(dir);
    game_free(&game);
}

int main(void)
{
    setenv("MOUSEKING_DATA", ASSETS_DIR, 0); /* the build's assets, unless told otherwise */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_sizes),
    };
    return RUN_TESTS(tests);
}
