#include "ui/bench_view.h"

#include <SDL.h>
#include <stdio.h>

#include "bot/bot.h"
#include "core/paths.h"
#include "ui/layout.h"
#include "ui/offscreen.h"
#include "ui/view.h"

enum { RUNS = 7, FRAMES = 40 };

const int bench_view_sizes[BENCH_VIEW_SIZES][2] = {{1280, 720}, {1920, 1080}, {2560, 1440}};

bool bench_turns_start(BenchTurns *t, const Rules *rules)
{
    static Bot bot;
    t->bot = &bot;
    if (!game_init(&t->game, 1, rules))
        return false;
    bot_init(&bot);
    while (t->game.turn < 600 && t->game.outcome == GAME_PLAYING && bot_play_turn(&bot, &t->game))
        ;
    return true;
}

/* One more turn; a game that ended starts again. */
void bench_turns_step(BenchTurns *t)
{
    if (!bot_play_turn(t->bot, &t->game)) {
        const Rules *rules = t->game.rules;
        game_free(&t->game);
        bench_turns_start(t, rules);
    }
}

void bench_turns_end(BenchTurns *t)
{
    game_free(&t->game);
}

/* Frames with nothing changed since the last. */
static BenchSpread time_frames(View *view, const Game *game)
{
    double runs[RUNS];
    offscreen_draw_play(view, game); /* the layer made, the camera placed */
    for (int r = 0; r < RUNS; r++) {
        double start = bench_now_us();
        for (int f = 0; f < FRAMES; f++)
            offscreen_draw_play(view, game);
        runs[r] = (bench_now_us() - start) / FRAMES;
    }
    return bench_spread(runs, RUNS);
}

/* Each frame the first after a turn of the bot's (not timed). */
static BenchSpread time_turn_frames(View *view, const Rules *rules)
{
    static BenchTurns t;
    double runs[RUNS];
    if (!bench_turns_start(&t, rules))
        return bench_spread((double[]){0}, 1);
    offscreen_draw_play(view, &t.game);
    for (int r = 0; r < RUNS; r++) {
        double spent = 0;
        for (int f = 0; f < FRAMES; f++) {
            bench_turns_step(&t);
            double start = bench_now_us();
            offscreen_draw_play(view, &t.game);
            spent += bench_now_us() - start;
        }
        runs[r] = spent / FRAMES;
    }
    bench_turns_end(&t);
    return bench_spread(runs, RUNS);
}

static bool time_size(BenchView *out, int s, const Game *game, char *err, size_t err_size)
{
    Offscreen o;
    bool ok = offscreen_open(&o, bench_view_sizes[s][0], bench_view_sizes[s][1], err, err_size);
    for (int floor = 0; floor < 2 && ok; floor++) {
        View view = offscreen_view(&o, floor ? ZOOM_FLOOR : ZOOM_CLOSE);
        out->sized[s][floor][0] = time_frames(&view, game);
        out->sized[s][floor][1] = time_turn_frames(&view, game->rules);
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
