#include "ui/bench_view.h"

#include <SDL.h>
#include <stdio.h>

#include "core/bench_clock.h"
#include "game/bot.h"
#include "ui/layout.h"
#include "ui/offscreen.h"
#include "ui/paths.h"
#include "ui/view.h"

enum { OUT_W = 1280, OUT_H = 720, RUNS = 7, FRAMES = 40 };

/* As the window does it: straight to the output's pixels, the interface scaled by
 * SDL_RenderSetScale, the map 1:1 at the zoom's tile size. */
static void draw_frame(View *view, const Game *game)
{
    offscreen_draw_play(view, game);
}

static BenchSpread time_frames(View *view, const Game *game)
{
    double runs[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now_us();
        for (int f = 0; f < FRAMES; f++)
            draw_frame(view, game);
        runs[r] = (bench_now_us() - start) / FRAMES;
    }
    return bench_spread(runs, RUNS);
}

bool bench_view(BenchSpread *frame_us, BenchSpread *frame_floor_us, double *startup_ms, char *err,
                size_t err_size)
{
    static Rules rules;
    static Game game;
    static Bot bot;
    char assets[1024], path[1100];
    Offscreen o;
    bool ok = false, game_ready = false;
    double t0 = bench_now_us();
    if (!offscreen_open(&o, OUT_W, OUT_H, err, err_size) ||
        !paths_find_assets(assets, sizeof assets, err, err_size))
        goto done;
    snprintf(path, sizeof path, "%s/data/rules.json", assets);
    if (!rules_load(&rules, path, err, err_size))
        goto done;
    if (!game_init(&game, 1, &rules)) {
        snprintf(err, err_size, "%s", game.error);
        goto done;
    }
    game_ready = true;
    View view = offscreen_view(&o, ZOOM_CLOSE);
    draw_frame(&view, &game);
    *startup_ms = (bench_now_us() - t0) / 1e3;

    /* A floor well into the game: explored rooms in memory, mice and items in view. */
    bot_init(&bot);
    while (game.turn < 600 && game.outcome == GAME_PLAYING && bot_play_turn(&bot, &game))
        ;
    *frame_us = time_frames(&view, &game);
    view.zoom = ZOOM_FLOOR;
    *frame_floor_us = time_frames(&view, &game);
    ok = true;
done:
    if (game_ready)
        game_free(&game);
    offscreen_close(&o);
    return ok;
}
