#include "ui/bench_view.h"

#include <SDL.h>
#include <stdio.h>

#include "game/bot.h"
#include "ui/layout.h"
#include "ui/offscreen.h"
#include "ui/paths.h"
#include "ui/view.h"

enum { RUNS = 7, FRAMES = 40 };

const int bench_view_sizes[BENCH_VIEW_SIZES][2] = {{1280, 720}, {1920, 1080}, {2560, 1440}};

/* `turn`: each frame as the first after a turn, the map layer drawn again before it is
 * copied; else frames with nothing changed. */
static BenchSpread time_frames(View *view, const Game *game, bool turn)
{
    double runs[RUNS];
    offscreen_draw_play(view, game); /* the layer made, the camera placed */
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now_us();
        for (int f = 0; f < FRAMES; f++) {
            if (turn)
                map_layer_forget(&view->map_layer);
            offscreen_draw_play(view, game);
        }
        runs[r] = (bench_now_us() - start) / FRAMES;
    }
    return bench_spread(runs, RUNS);
}

static bool time_size(BenchView *out, int s, const Game *game, char *err, size_t err_size)
{
    Offscreen o;
    bool ok = offscreen_open(&o, bench_view_sizes[s][0], bench_view_sizes[s][1], err, err_size);
    for (int floor = 0; floor < 2 && ok; floor++) {
        View view = offscreen_view(&o, floor ? ZOOM_FLOOR : ZOOM_CLOSE);
        for (int turn = 0; turn < 2; turn++)
            out->sized[s][floor][turn] = time_frames(&view, game, turn);
    }
    offscreen_close(&o);
    return ok;
}

/* From nothing to the first frame of a new game, as the window starts (without the window). */
static bool time_startup(BenchView *out, Rules *rules, Game *game, char *err, size_t err_size)
{
    char assets[1024], path[1100];
    Offscreen o;
    double t0 = bench_now_us();
    bool ok = offscreen_open(&o, bench_view_sizes[0][0], bench_view_sizes[0][1], err, err_size) &&
              paths_find_assets(assets, sizeof assets, err, err_size);
    snprintf(path, sizeof path, "%s/data/rules.json", assets);
    ok = ok && rules_load(rules, path, err, err_size);
    if (ok && !game_init(game, 1, rules)) {
        snprintf(err, err_size, "%s", game->error);
        ok = false;
    }
    if (ok) {
        View view = offscreen_view(&o, ZOOM_CLOSE);
        offscreen_draw_play(&view, game);
        out->startup_ms = (bench_now_us() - t0) / 1e3;
    }
    offscreen_close(&o);
    return ok;
}

bool bench_view(BenchView *out, char *err, size_t err_size)
{
    static Rules rules;
    static Game game;
    static Bot bot;
    if (!time_startup(out, &rules, &game, err, err_size))
        return false;
    /* A floor well into the game: explored rooms in memory, mice and items in view. */
    bot_init(&bot);
    while (game.turn < 600 && game.outcome == GAME_PLAYING && bot_play_turn(&bot, &game))
        ;
    bool ok = true;
    for (int s = 0; s < BENCH_VIEW_SIZES && ok; s++)
        ok = time_size(out, s, &game, err, err_size);
    out->window_ok = ok && bench_window(out, &game, out->window_err, sizeof out->window_err);
    game_free(&game);
    return ok;
}
